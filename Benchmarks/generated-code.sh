#!/usr/bin/env bash
# Measures the code strategy-gen writes for a synthetic CRUD API of N operations
# (Benchmarks/make-crud-spec.py): lines per operation and per model, generation time, and the
# time of a debug build of the generated code alone, against the runtime built beforehand.
#
#   Benchmarks/generated-code.sh [-n N] [-r RUNS] [PACKAGE_DIR ...]
#
# Each PACKAGE_DIR is a checkout of this package (default: the one holding this script); give
# two, e.g. a worktree of main and this one, to compare them in the same run, on the same load.
# Builds alternate between the checkouts RUNS times (default 3; 0 measures lines only); the
# fastest of each is printed.
# TIME_BODIES=1 also prints the function bodies that took longest to type-check.
#
# Example, main against this branch:
#   git archive main | (mkdir -p .build/bench-main && tar -x -C .build/bench-main)
#   Benchmarks/generated-code.sh -n 200 .build/bench-main .
set -euo pipefail

n=200
runs=3
while getopts "n:r:" option; do
    case $option in
        n) n=$OPTARG ;;
        r) runs=$OPTARG ;;
        *) sed -n '2,16p' "$0" >&2; exit 64 ;;
    esac
done
shift $((OPTIND - 1))
here=$(cd "$(dirname "$0")/.." && pwd)
packages=("$@")
[ ${#packages[@]} -eq 0 ] && packages=("$here")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/Benchmarks/make-crud-spec.py" "$n" > "$work/bench.yaml"
models=$(python3 - "$work/bench.yaml" <<'PY'
import sys
section = open(sys.argv[1]).read().split("\nmodels:\n")[1].split("\nerrors:")[0]
print(sum(1 for l in section.splitlines() if l.startswith("  ") and not l.startswith("   ") and l.strip() != "ItemStatus:"))
PY
)

now() { date +%s.%N; }
seconds() { python3 -c "print(f'{$2 - $1:.2f}')"; }

index=0
for package in "${packages[@]}"; do
    package=$(cd "$package" && pwd)
    revision="not a git checkout"
    if [ "$(git -C "$package" rev-parse --show-toplevel 2>/dev/null)" = "$package" ]; then
        revision=$(git -C "$package" log -1 --format='%h %s' | cut -c1-60)
    fi
    echo "== $package ($revision)"
    (cd "$package" && swift build --product strategy-gen > "$work/build-$index.log" 2>&1 \
        && swift build --target StrategyKit >> "$work/build-$index.log" 2>&1) \
        || { cat "$work/build-$index.log"; exit 1; }
    bin=$(cd "$package" && swift build --show-bin-path)
    out="$work/out-$index"
    start=$(now)
    "$bin/strategy-gen" generate "$work/bench.yaml" --output "$out"
    end=$(now)
    operations=$n
    model_lines=$(cat "$out"/bench.Models.swift | wc -l)
    other_lines=$(cat "$out"/bench.{Strategies,Client,Errors,Stubs}.swift | wc -l)
    echo "spec: $n operations, $models models (and one enum)"
    echo "generated lines: $((model_lines + other_lines)) in all"
    echo "lines per operation (strategies, client, errors, stubs): $(python3 -c "print(f'{$other_lines / $operations:.1f}')")"
    echo "lines per model (models file, enum included): $(python3 -c "print(f'{$model_lines / $models:.1f}')")"
    python3 - "$out/bench.Models.swift" <<'PY'
import re, sys
# Top-level declarations, each with the blank line after it.
text = open(sys.argv[1]).read()
blocks = re.split(r"\n(?=(?:/// .*\n)*public )", text.split("\n\n", 2)[2])
def average(prefix):
    sizes = [block.count("\n") + 1 for block in blocks if block.startswith(prefix)]
    return sum(sizes) / len(sizes)
print(f"lines per plain model (NewResourceN: 4 fields): {average('public struct NewResource'):.1f}")
print(f"lines per model with a date and a renamed key (ResourceN: 6 fields): {average('public struct Resource'):.1f}")
PY
    echo "generation time: $(seconds "$start" "$end") s"
    echo "$bin" > "$work/bin-$index"
    index=$((index + 1))
done

# Debug build of the generated code alone: one module, as SwiftPM would compile it.
compile() {
    local index=$1 extra=${2:-}
    local bin; bin=$(cat "$work/bin-$index")
    local dir="$work/obj-$index"
    rm -rf "$dir" && mkdir -p "$dir"
    (cd "$dir" && swiftc -module-name BenchAPI -parse-as-library -swift-version 6 -Onone -g \
        -enable-testing -I "$bin/Modules" -I "$bin" -emit-module -c -j2 -enable-batch-mode \
        $extra "$work/out-$index"/*.swift)
}
for ((run = 1; run <= runs; run++)); do
    for ((i = 0; i < index; i++)); do
        start=$(now)
        compile "$i" > "$work/compile-$i.log" 2>&1 || { cat "$work/compile-$i.log"; exit 1; }
        end=$(now)
        if grep -q "warning:" "$work/compile-$i.log"; then
            echo "warning in the generated code of ${packages[$i]}:"; grep "warning:" "$work/compile-$i.log" | head
        fi
        echo "$(seconds "$start" "$end")" >> "$work/times-$i"
    done
done
for ((i = 0; i < index && runs > 0; i++)); do
    echo "debug build of the generated code, ${packages[$i]}: $(sort -n "$work/times-$i" | head -1) s" \
        "(runs: $(paste -sd' ' "$work/times-$i"))"
done

if [ "${TIME_BODIES:-}" = 1 ]; then
    for ((i = 0; i < index; i++)); do
        echo "== slowest function bodies to type-check, ${packages[$i]}"
        compile "$i" "-Xfrontend -debug-time-function-bodies" 2>&1 \
            | python3 -c '
import sys, re, collections
total, count, all_ms = collections.Counter(), collections.Counter(), 0.0
for line in sys.stdin:
    m = re.match(r"([\d.]+)ms\t\S+\t(.*)@", line)
    if not m: continue
    ms = float(m.group(1)); all_ms += ms
    kind = re.sub(r"\d+", "N", re.sub(r"BenchAPI\.|\(file\)\.", "", m.group(2)))
    total[kind] += ms; count[kind] += 1
print(f"all bodies: {all_ms / 1000:.1f} s")
for kind, ms in total.most_common(12): print(f"{ms / 1000:7.2f} s  {count[kind]:4}  {kind}")
'
    done
fi
