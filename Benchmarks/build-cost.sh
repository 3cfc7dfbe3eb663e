#!/usr/bin/env bash
# The debug build cost of generated clients per 1,000 lines, document by document: whether build
# time grows with lines alone, or some documents cost more per line than others.
#
#   Benchmarks/build-cost.sh [-a] [-d DIRECTORY] [-n LARGEST] [-m MIN_LINES] [-o DATA] [DOCUMENT ...]
#
# Inputs: the documents given (with -a, after the default inputs), or by default every OpenAPI
# and Swagger document of the shared corpus and the synthetic documents of 200, 1,000 and 5,000
# operations (Benchmarks/make-openapi-doc.py); with -d, also the LARGEST documents (default 20)
# of a directory of documents by generated lines.
# Each is generated and then built as compare.sh builds ours (swiftc -Onone -g -emit-module -j2
# -enable-batch-mode against the runtime's debug modules). A build of one empty file against the
# same modules is the fixed cost; a document's cost per 1,000 lines is its build less that, so
# small documents are not charged with importing the runtime. Printed per document: lines, wall,
# CPU and peak memory, and both costs per 1,000 lines; then the medians over the documents of at
# least MIN_LINES lines (default 5,000; smaller builds are too short to tell), each such
# document's ratio to the median, per line and per line of code, and its ratio to a fit of all
# their CPU times to the generated types and stored properties (Benchmarks/build-cost-summary.py).
# The table is also written to DATA (a TSV file; default Benchmarks/data/build-cost-DATE.tsv, or
# -2, -3 for later runs that day; none for no file).
#   STRATEGY_GEN  the strategy-gen binary to run (default: this package's debug build)
#   CORPUS        the corpus folder (default ../shared/corpus beside this package)
#   WORK          keep the generated code and the build logs in this folder
# Exits 1 when a document doesn't generate or doesn't build.
set -euo pipefail
export LC_ALL=C

command="$0 $*"
here=$(cd "$(dirname "$0")/.." && pwd)
bench="$here/Benchmarks"
corpus=${CORPUS:-$here/../shared/corpus}
directory= largest=20 min_lines=5000 data= defaults=0
documents=()
usage() { sed -n '2,23p' "$0" >&2; exit 64; }
while [ $# -gt 0 ]; do
    case $1 in
        -a) defaults=1 ;;
        -d) directory=$(cd "$2" && pwd); shift ;;
        -n) largest=$2; shift ;;
        -m) min_lines=$2; shift ;;
        -o) data=$2; shift ;;
        -h|--help) usage ;;
        -*) usage ;;
        *) documents+=("$(cd "$(dirname "$1")" && pwd)/$(basename "$1")") ;;
    esac
    shift
done
work=${WORK:-$(mktemp -d)}
mkdir -p "$work/inputs" "$work/out"
[ -z "${WORK:-}" ] && trap 'rm -rf "$work"' EXIT
# The table's file: the first free name of the day, so that no earlier run is overwritten, or
# with -o none a file in the work folder, gone with it.
source "$bench/data.sh"
data_start build-cost tsv "$data" "$command"
data=${data_file:-$work/build-cost.tsv}
measure() { python3 "$bench/measure.py" "$@"; }
source "$bench/client-build.sh"

echo "building strategy-gen and StrategyKit (debug)"
(cd "$here" && swift build --product strategy-gen && swift build --target StrategyKit) > "$work/build.log" 2>&1 \
    || { cat "$work/build.log"; exit 1; }
modules="$(cd "$here" && swift build --show-bin-path)"
gen=${STRATEGY_GEN:-$modules/strategy-gen}

# Builds the Swift files of folder $1 as SwiftPM builds a module in debug; prints
# "seconds cpu_seconds peak_mb".
compile() {
    local out=$1 objects="$1.objects"
    rm -rf "$objects" && mkdir -p "$objects"
    client_build "$modules" "$out"
    measure -o "$out.build.log" -C "$objects" "${client_build_command[@]}"
}

# The inputs, each as a label and a file.
labels=() files=()
add() { labels+=("$1") files+=("$2"); }
if [ ${#documents[@]} -eq 0 ] || [ "$defaults" = 1 ]; then
    if [ -d "$corpus/openapi" ]; then
        for document in "$corpus"/openapi/* "$corpus"/swagger2/*; do
            add "corpus/$(basename "$(dirname "$document")")/$(basename "$document")" "$document"
        done
    fi
    for n in 200 1000 5000; do
        python3 "$bench/make-openapi-doc.py" "$n" > "$work/inputs/synthetic-$n.json"
        add "synthetic, $n operations" "$work/inputs/synthetic-$n.json"
    done
fi
for document in ${documents[@]+"${documents[@]}"}; do add "$(basename "$(dirname "$document")")/$(basename "$document")" "$document"; done
if [ -n "$directory" ]; then
    # The directory's documents by generated lines: the largest 150 files are generated once to
    # count them (generated lines follow a document's size closely enough for the largest few).
    echo "counting the generated lines of the largest 150 documents under $directory"
    : > "$work/sizes"
    while IFS= read -r document; do
        head -c 4000 "$document" | grep -qE '"?(openapi|swagger)"?[[:space:]]*:' || continue
        rm -rf "$work/count"
        timeout 60 "$gen" generate "$document" --output "$work/count" > /dev/null 2>&1 || continue
        echo "$(cat "$work/count"/*.swift | wc -l) $document" >> "$work/sizes"
    done < <(find "$directory" -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) -printf '%s %p\n' \
        | sort -n | tail -n 150 | cut -d' ' -f2-)
    while read -r _ document; do
        add "${document#"$directory"/}" "$document"
    done < <(sort -n "$work/sizes" | tail -n "$largest")
fi

echo "the fixed cost: one empty file against the runtime's modules"
mkdir -p "$work/out/empty" && echo 'import StrategyKit' > "$work/out/empty/Empty.swift"
compile "$work/out/empty" > /dev/null
base=$(compile "$work/out/empty")
base_s=$(echo "$base" | cut -d' ' -f1) base_c=$(echo "$base" | cut -d' ' -f2)
echo "  $base_s s wall, $base_c s CPU"

mkdir -p "$(dirname "$data")"
printf 'document\tlines\twall_s\tcpu_s\tpeak_mb\twall_s_per_1000\tcpu_s_per_1000\tcode_lines\ttypes\tproperties\n' \
    > "$data"
failures=0
for ((i = 0; i < ${#labels[@]}; i++)); do
    label=${labels[$i]} input=${files[$i]} out="$work/out/$i"
    rm -rf "$out"
    if ! "$gen" generate "$input" --output "$out" > "$out.gen.log" 2>&1; then
        echo "$label: generation failed: $(grep -m1 'error:' "$out.gen.log")"; failures=1; continue
    fi
    # Lines, lines neither blank nor comments, the value types and their stored properties.
    read -r lines counts <<< "$(python3 "$bench/build-cost-summary.py" --count "$out")"
    if ! figures=$(compile "$out"); then
        echo "$label: the generated code doesn't build: $(grep -m1 'error:' "$out.build.log")"; failures=1; continue
    fi
    read -r s c m <<< "$figures"
    per=$(python3 -c "import sys; s, c, bs, bc, n = map(float, sys.argv[1:]); print(f'{max(s - bs, 0) * 1000 / n:.3f} {max(c - bc, 0) * 1000 / n:.3f}')" \
        "$s" "$c" "$base_s" "$base_c" "$lines")
    read -r per_s per_c <<< "$per"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$label" "$lines" "$s" "$c" "$m" "$per_s" "$per_c" "$counts" >> "$data"
    printf '%-60s %8s lines %7s s %7s CPU s %6s MB %6s s/1000 %6s CPU s/1000\n' "$label" "$lines" "$s" "$c" "$m" "$per_s" "$per_c"
done

python3 "$bench/build-cost-summary.py" "$data" "$min_lines"
exit $failures
