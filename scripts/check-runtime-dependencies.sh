#!/usr/bin/env bash
# Checks that the runtime every generated client compiles against depends on swift-http-types
# alone, as swift-openapi-runtime does: in the manifest, the StrategyKit target's only
# dependency is the HTTPTypes product, and no file of Sources/StrategyKit imports a module other
# than HTTPTypes and the toolchain's own (Foundation, Dispatch, …). Logging, metrics and tracing
# belong to the StrategyKitObservability product, a transport on another HTTP client to a product
# of its own.
#
#   scripts/check-runtime-dependencies.sh    prints each offending dependency or file:line and exits 1
set -euo pipefail
cd "$(dirname "$0")/.."

runtime=Sources/StrategyKit
allowed='Foundation|FoundationEssentials|FoundationNetworking|Dispatch|Synchronization|Darwin|Glibc|Musl|os|HTTPTypes'
status=0

dependencies=$(swift package dump-package | python3 -c '
import json, sys
target = next(t for t in json.load(sys.stdin)["targets"] if t["name"] == "StrategyKit")
for dependency in target["dependencies"]:
    kind, value = next(iter(dependency.items()))
    print(f"{kind} {value[0]}" + (f" of {value[1]}" if kind == "product" else ""))
')
if [[ "$dependencies" != "product HTTPTypes of swift-http-types" ]]; then
    echo "Package.swift: the StrategyKit target depends on:" >&2
    sed 's/^/  /' <<<"$dependencies" >&2
    status=1
fi

# `import X`, `@_exported import X`, `import struct X.Y`, … outside comments.
pattern="^[[:space:]]*(@[A-Za-z_]+(\([^)]*\))?[[:space:]]+)*import[[:space:]]+((class|struct|enum|protocol|func|var|let|typealias)[[:space:]]+)?"
while IFS= read -r -d '' file; do
    if hits=$(sed 's://.*$::' "$file" | grep -nE "$pattern" | grep -vE "^[0-9]+:${pattern#^}($allowed)([.[:space:]]|$)"); then
        sed "s|^\([0-9]*\):|$file:\1: |" <<<"$hits"
        status=1
    fi
done < <(find "$runtime" -name '*.swift' -print0 | sort -z)

if [[ $status -ne 0 ]]; then
    echo "error: the StrategyKit runtime may depend on swift-http-types and the toolchain's modules alone;" \
        "put code that needs another package in a product of its own, as StrategyKitObservability is" >&2
fi
exit $status
