#!/usr/bin/env bash
# Counts the public surface of the StrategyKit runtime, for before/after figures:
#   - public top-level types (struct, enum, class, actor, protocol, typealias), from the
#     module's symbol graph;
#   - extension blocks of other modules' types that add public API (`extension String:
#     QueryValue`), from the same graph;
#   - extension blocks in Sources/StrategyKit that declare public API (on any type, the
#     runtime's own included), from the source text; `@_spi(Generated)` blocks, which only
#     generated code sees, are not counted.
#
#   scripts/public-surface.sh          prints the three counts and the type names
set -euo pipefail
cd "$(dirname "$0")/.."

swift_bin="$(dirname "$(command -v swift)")"
extract=$(command -v swift-symbolgraph-extract || echo "$swift_bin/swift-symbolgraph-extract")
symbols=.build/surface/symbol-graphs

swift build --target StrategyKit >/dev/null
bin=$(swift build --show-bin-path)
modules="$bin/Modules"
[ -e "$modules/StrategyKit.swiftmodule" ] || modules="$bin"
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
sdk=()
if command -v xcrun >/dev/null 2>&1; then sdk=(-sdk "$(xcrun --show-sdk-path)"); fi
rm -rf "$symbols"
mkdir -p "$symbols"
"$extract" -module-name StrategyKit -target "$triple" "${sdk[@]}" -I "$modules" \
    -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols \
    -output-dir "$symbols"

python3 - "$symbols" Sources/StrategyKit <<'PYTHON'
import glob, json, os, re, sys

types, external = [], []
for path in glob.glob(f"{sys.argv[1]}/*.symbols.json"):
    for symbol in json.load(open(path))["symbols"]:
        kind = symbol["kind"]["identifier"]
        if kind == "swift.extension":
            external.append(symbol["pathComponents"][0])
        elif len(symbol["pathComponents"]) == 1 and kind in (
            "swift.struct", "swift.enum", "swift.class", "swift.actor", "swift.protocol", "swift.typealias"):
            types.append(symbol["pathComponents"][0])

# Top-level extension blocks (at column 0, up to the next line that is a lone `}`) that
# are public or declare something public.
public_blocks = 0
for root, _, files in os.walk(sys.argv[2]):
    for name in files:
        if not name.endswith(".swift"):
            continue
        lines = open(os.path.join(root, name)).read().split("\n")
        i = 0
        while i < len(lines):
            if re.match(r"^(@\S+\s+)*(public\s+|package\s+|internal\s+|fileprivate\s+|private\s+)?extension\s", lines[i]):
                j = i
                while j < len(lines) and lines[j] != "}" and not lines[j].rstrip().endswith("{}"):
                    j += 1
                block = "\n".join(lines[i:j + 1])
                # An `@_spi(…)` block is SPI, seen only by code that imports it so (generated code).
                spi = "@_spi(" in lines[i]
                if not spi and (lines[i].lstrip("@").startswith("public") or re.search(r"^\s+public\s", block, re.M) or "public extension" in lines[i]):
                    public_blocks += 1
                i = j
            i += 1

print(f"public top-level types: {len(types)}")
print(f"extensions of other modules' types adding public API: {len(external)}")
print(f"extension blocks in the source declaring public API: {public_blocks}")
print("types: " + ", ".join(sorted(types)))
print("extended: " + ", ".join(sorted(external)))
PYTHON
