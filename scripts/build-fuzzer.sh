#!/usr/bin/env bash
# Builds the libFuzzer binary over the loader and validator: OUT/strategy-fuzz.
#
#   scripts/build-fuzzer.sh [-O] [OUT]      (OUT defaults to .build/fuzz)
#
# Yams (and its C part, libyaml) and StrategyGenerator are compiled with the fuzzer's coverage
# and AddressSanitizer, the entry point (Fuzz/LoaderFuzzer.swift) into the StrategyGenerator module.
# -O optimizes: a slower build, a binary that runs about three times as many inputs a second.
# Needs the package's dependencies checked out (any `swift build` does that).
set -euo pipefail
cd "$(dirname "$0")/.."

optimization=-Onone
if [ "${1:-}" = -O ]; then optimization=-O; shift; fi
out=${1:-.build/fuzz}
yams=.build/checkouts/Yams/Sources
[ -d "$yams" ] || swift package resolve
mkdir -p "$out/cyaml"

for source in "$yams"/CYaml/src/*.c; do
    clang -c -g -O1 -fsanitize=fuzzer-no-link,address -DYAML_DECLARE_STATIC -I "$yams/CYaml/include" \
        "$source" -o "$out/cyaml/$(basename "$source" .c).o"
done

common=(-g $optimization -sanitize=fuzzer,address -parse-as-library -DSWIFT_PACKAGE)
swiftc "${common[@]}" -emit-module -emit-library -static -swift-version 5 -module-name Yams \
    -Xcc -DYAML_DECLARE_STATIC -I "$yams/CYaml/include" -emit-module-path "$out/Yams.swiftmodule" \
    "$yams"/Yams/*.swift -o "$out/libYams.a"
swiftc "${common[@]}" -I "$out" -I "$yams/CYaml/include" -swift-version 6 -module-name StrategyGenerator \
    $(find Sources/StrategyGenerator -name '*.swift' | sort) Fuzz/LoaderFuzzer.swift \
    "$out/libYams.a" "$out"/cyaml/*.o -o "$out/strategy-fuzz"
echo "built $out/strategy-fuzz"
