#!/usr/bin/env bash
# Builds the documentation of the StrategyKit runtime with DocC, offline:
#   1. builds the StrategyKit module,
#   2. extracts its public symbol graph with the toolchain's swift-symbolgraph-extract,
#   3. checks that every public declaration written in Sources/StrategyKit has a /// comment,
#   4. converts Sources/StrategyKit/StrategyKit.docc with docc, treating warnings (a symbol
#      link or a topic that doesn't resolve) as errors.
# Exits non-zero on the first failure.
#
#   scripts/build-docs.sh [OUTPUT]     OUTPUT defaults to .build/docs/StrategyKit.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."

output="${1:-.build/docs/StrategyKit.doccarchive}"
symbols=.build/docs/symbol-graphs

# A tool of the toolchain that runs `swift`: on PATH, beside `swift`, or through xcrun.
tool() {
    local swift_bin
    swift_bin="$(dirname "$(command -v swift)")"
    if command -v "$1" >/dev/null 2>&1; then
        command -v "$1"
    elif [ -x "$swift_bin/$1" ]; then
        echo "$swift_bin/$1"
    elif command -v xcrun >/dev/null 2>&1 && xcrun --find "$1" >/dev/null 2>&1; then
        xcrun --find "$1"
    else
        echo "error: cannot find '$1' in the Swift toolchain" >&2
        return 1
    fi
}
extract=$(tool swift-symbolgraph-extract)
docc=$(tool docc)

echo "== Building StrategyKit"
swift build --target StrategyKit

bin=$(swift build --show-bin-path)
modules="$bin/Modules"
[ -e "$modules/StrategyKit.swiftmodule" ] || modules="$bin"   # SwiftPM before 6.0 put modules beside the products
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
sdk=()
if command -v xcrun >/dev/null 2>&1; then sdk=(-sdk "$(xcrun --show-sdk-path)"); fi

echo "== Extracting the symbol graph ($triple)"
rm -rf "$symbols"
mkdir -p "$symbols"
"$extract" \
    -module-name StrategyKit \
    -target "$triple" \
    "${sdk[@]}" \
    -I "$modules" \
    -minimum-access-level public \
    -skip-synthesized-members \
    -skip-inherited-docs \
    -emit-extension-block-symbols \
    -output-dir "$symbols"

echo "== Checking that every public declaration is documented"
python3 - "$symbols" <<'PYTHON'
import glob, json, sys

missing = []
for path in sorted(glob.glob(f"{sys.argv[1]}/*.symbols.json")):
    for symbol in json.load(open(path))["symbols"]:
        location = symbol.get("location", {}).get("uri", "")
        # Only what is written in the source: not the members the compiler adds (Codable, RawRepresentable).
        if symbol["kind"]["identifier"] == "swift.extension" or "/Sources/StrategyKit/" not in location:
            continue
        if not symbol.get("docComment", {}).get("lines"):
            line = symbol["location"]["position"]["line"] + 1
            name = ".".join(symbol["pathComponents"])
            missing.append(f"{location.split('/Sources/', 1)[1]}:{line}: {name}")
for item in missing:
    print(f"undocumented: Sources/{item}", file=sys.stderr)
if missing:
    print(f"error: {len(missing)} public declarations have no /// comment", file=sys.stderr)
    sys.exit(1)
PYTHON

echo "== Converting the documentation catalog"
rm -rf "$output"
mkdir -p "$(dirname "$output")"
"$docc" convert Sources/StrategyKit/StrategyKit.docc \
    --additional-symbol-graph-dir "$symbols" \
    --output-path "$output" \
    --fallback-display-name StrategyKit \
    --fallback-bundle-identifier StrategyKit \
    --warnings-as-errors

echo "Documentation written to $output"
echo "Browse it with: python3 -m http.server --directory $output, then open http://localhost:8000/documentation/strategykit"
