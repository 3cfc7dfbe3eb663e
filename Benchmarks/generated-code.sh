#!/usr/bin/env bash
# Measures the code strategy-gen writes for a synthetic CRUD API of N operations
# (Benchmarks/make-crud-spec.py): lines per operation and per model, generation time, and the
# time of a debug build of the generated code alone, against the runtime built beforehand.
#
#   Benchmarks/generated-code.sh [-n N] [-r RUNS] [-s] [PACKAGE_DIR ...]
#
# Each PACKAGE_DIR is a checkout of this package (default: the one holding this script); give
# two, e.g. a worktree of main and this one, to compare them in the same run, on the same load.
# Builds alternate between the checkouts RUNS times (default 3; 0 measures lines only); the
# fastest of each is printed, in wall-clock seconds and in CPU seconds (user and system, both
# cores), which a busy machine disturbs less.
# -s also measures, for each checkout, its code with the compiler's synthesized coding for every
# plain model (one whose keys are its property names, with no date, default or null to handle):
# the spelled-out encode(to:) and init(from:) of such models are removed, nothing else changes.
# TIME_BODIES=1 also prints the function bodies that took longest to type-check.
#
# Example, main against this branch:
#   git archive main | (mkdir -p .build/bench-main && tar -x -C .build/bench-main)
#   Benchmarks/generated-code.sh -n 200 .build/bench-main .
set -euo pipefail

n=200
runs=3
synthesized=0
while getopts "n:r:s" option; do
    case $option in
        n) n=$OPTARG ;;
        r) runs=$OPTARG ;;
        s) synthesized=1 ;;
        *) sed -n '2,20p' "$0" >&2; exit 64 ;;
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

# Lines of the code in folder $1, the way the issue counts them.
count_lines() {
    local out=$1
    local model_lines other_lines
    # A spec of 128 KiB or more (-n 500 and up) has its models, strategies and client methods
    # split into files.
    model_lines=$(cat "$out"/bench*.Models.swift | wc -l)
    other_lines=$(cat "$out"/bench*.Strategies.swift "$out"/bench*.Client.swift "$out"/bench.{Errors,Stubs}.swift | wc -l)
    echo "generated lines: $((model_lines + other_lines)) in all"
    echo "lines per operation (strategies, client, errors, stubs): $(python3 -c "print(f'{$other_lines / $n:.1f}')")"
    echo "lines per model (models file, enum included): $(python3 -c "print(f'{$model_lines / $models:.1f}')")"
    python3 - "$out"/bench*.Models.swift <<'PY'
import re, sys
# Top-level declarations, each with the blank line after it.
blocks = [block for path in sys.argv[1:]
          for block in re.split(r"\n(?=(?:/// .*\n)*public )", open(path).read().split("\n\n", 2)[2])]
def average(prefix):
    sizes = [block.count("\n") + 1 for block in blocks if block.startswith(prefix)]
    return sum(sizes) / len(sizes)
print(f"lines per plain model (NewResourceN: 4 fields): {average('public struct NewResource'):.1f}")
print(f"lines per model with a date and a renamed key (ResourceN: 6 fields): {average('public struct Resource'):.1f}")
PY
}

# Copies the code in folder $1 to $2 with the spelled-out coding of every plain model removed, so
# that the compiler synthesizes it: a model whose every coding line reads or writes a property
# under its own name, with no date format, default or null; prints how many models it changed.
synthesize_plain_coding() {
    mkdir -p "$2" && cp "$1"/*.swift "$2"
    python3 - "$2"/bench*.Models.swift <<'PY'
import re, sys
function = re.compile(r"\n\n    public (?:init\(from decoder: any Decoder\)|func encode\(to encoder: any Encoder\)) throws \{\n((?:        .*\n)*?)    \}(?=\n)")
plain_line = re.compile(
    r"        (?:let container = try decoder\.container\(keyedBy: JSONKey\.self\)"
    r"|var container = encoder\.container\(keyedBy: JSONKey\.self\)"
    r"|self\.(`?)(\w+)\1 = try container\.decode(?:IfPresent)?\([^?]+?\.self, forKey: \"\2\"\)"
    r"|try container\.encode(?:IfPresent)?\((?:self\.)?(`?)(\w+)\3, forKey: \"\4\"\))$")
changed = 0
def model(match):
    global changed
    block = match.group(0)
    bodies = function.findall(block)
    if not bodies or not all(plain_line.match(line) for body in bodies for line in body.splitlines()):
        return block
    changed += 1
    return function.sub("", block)
for path in sys.argv[1:]:
    text = re.sub(r"(?m)^public struct \w+: [^{]*\{\n(?:.*\n)*?\}$", model, open(path).read())
    open(path, "w").write(text)
print(changed)
PY
}

# Each piece of generated code to build: its label, the runtime it builds against, its folder.
labels=() bins=() outs=()
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
    echo "spec: $n operations, $models models (and one enum)"
    count_lines "$out"
    echo "generation time: $(seconds "$start" "$end") s"
    labels+=("$package") bins+=("$bin") outs+=("$out")
    if [ "$synthesized" = 1 ]; then
        changed=$(synthesize_plain_coding "$out" "$out-synthesized")
        if [ "$changed" = 0 ]; then
            echo "-- no plain model spells out its coding: nothing to synthesize"
        else
            echo "-- with synthesized coding for its $changed plain models"
            count_lines "$out-synthesized"
            labels+=("$package, synthesized plain coding") bins+=("$bin") outs+=("$out-synthesized")
        fi
    fi
    index=$((index + 1))
done

# Debug build of the generated code alone: one module, as SwiftPM would compile it.
compile() {
    local entry=$1 extra=${2:-}
    local bin=${bins[$entry]} out=${outs[$entry]} dir="$work/obj-$entry"
    rm -rf "$dir" && mkdir -p "$dir"
    (cd "$dir" && swiftc -module-name BenchAPI -parse-as-library -swift-version 6 -Onone -g \
        -enable-testing -I "$bin/Modules" -I "$bin" -emit-module -c -j2 -enable-batch-mode \
        $extra "$out"/*.swift)
}
TIMEFORMAT='%R %U %S'
for ((run = 1; run <= runs; run++)); do
    for ((i = 0; i < ${#labels[@]}; i++)); do
        { time compile "$i" > "$work/compile-$i.log" 2>&1 || { cat "$work/compile-$i.log"; exit 1; }; } 2> "$work/time"
        if grep -q "warning:" "$work/compile-$i.log"; then
            echo "warning in the generated code of ${labels[$i]}:"; grep "warning:" "$work/compile-$i.log" | head
        fi
        read -r wall user system < "$work/time"
        echo "$wall" >> "$work/times-$i"
        python3 -c "print(f'{$user + $system:.2f}')" >> "$work/cpu-$i"
    done
done
for ((i = 0; i < ${#labels[@]} && runs > 0; i++)); do
    echo "debug build of the generated code, ${labels[$i]}: $(sort -n "$work/times-$i" | head -1) s," \
        "$(sort -n "$work/cpu-$i" | head -1) CPU s (wall: $(paste -sd' ' "$work/times-$i"); CPU: $(paste -sd' ' "$work/cpu-$i"))"
done

if [ "${TIME_BODIES:-}" = 1 ]; then
    for ((i = 0; i < ${#labels[@]}; i++)); do
        echo "== slowest function bodies to type-check, ${labels[$i]}"
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
