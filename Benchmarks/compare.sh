#!/usr/bin/env bash
# strategy-gen side by side with swift-openapi-generator on the same OpenAPI documents, in the
# same run: per input, generation wall time and peak memory, generated lines, and the debug
# build time and peak memory of the generated code alone (each side's runtime built beforehand),
# ours, theirs and the ratio, as the median of RUNS runs; then the targets, met or not.
#
#   Benchmarks/compare.sh [--quick] [-r RUNS] [-b LINES] [-s FILES] [--consumer] [--no-peer] [-o DATA] [DOCUMENT ...]
#
# Inputs: the documents given, or by default the corpus's petstore, two mid-size documents and
# its largest, that largest saved as YAML, a synthetic 4 MB YAML document (read time only), and
# synthetic documents of 10, 200, 1,000 and 5,000 operations (Benchmarks/make-openapi-doc.py),
# and, when an API directory is beside this package (APIS, default ../openapi-dir/APIs), its
# payments API (stripe.com 2019-12-03) as it is and with each expandable id as the object it
# names (Benchmarks/expand-references.py), whose models nest deeply, both written as OpenAPI 3
# (Benchmarks/swagger-to-openapi.py) from the directory's Swagger 2.0. The peer reads OpenAPI 3
# alone, so it is not run on a Swagger 2.0 document given by name.
# Both CLIs are built in release: ours here, the peer in Benchmarks/Peer, a package of its own
# that neither StrategyKit nor its users resolve.
#   --quick     the petstore and the 10-operation document, one run, both CLIs in debug (CI)
#   -r RUNS     runs per input (default 3)
#   -b LINES    build no generated code of more lines than this (default 1,000,000)
#   -s FILES    split our models and strategies into FILES files each (strategy-gen --split;
#               default: by each document's size); -s 1 is one file a part
#   --consumer  also a consumer's build: a fresh package with one mid-size document through
#               each side's build plugin, clean, no-op, and after the document changes
#   --no-peer   ours alone
#   -o DATA     write the table and the targets to DATA (default: a new dated file,
#               Benchmarks/data/compare-DATE.md; none in --quick mode; -o none: no file)
# A generated client builds as SwiftPM builds one module in debug: swiftc -Onone -g
# -emit-module -j2 -enable-batch-mode, against the runtime's modules. Memory is the peak sum of
# every process of the command (Benchmarks/measure.py). CORPUS names the corpus folder (default
# ../shared/corpus beside this package); WORK keeps the generated code and its object files in that
# folder (Benchmarks/code-by-kind.py WORK/out/N-SIDE.objects: the code of a build by kind).
set -euo pipefail
# Generated files in byte order, as SwiftPM passes a target's sources to the compiler.
export LC_ALL=C

here=$(cd "$(dirname "$0")/.." && pwd)
bench="$here/Benchmarks"
corpus=${CORPUS:-$here/../shared/corpus}
quick=0 runs=3 consumer=0 peer=1 build_limit=1000000 split= data_option=
documents=()
command="${CORPUS:+CORPUS=$CORPUS }bash Benchmarks/compare.sh $*"
while [ $# -gt 0 ]; do
    case $1 in
        --quick) quick=1 runs=1 ;;
        -r) runs=$2; shift ;;
        -b) build_limit=$2; shift ;;
        -s) split=$2; shift ;;
        --consumer) consumer=1 ;;
        --no-peer) peer=0 ;;
        -o) data_option=$2; shift ;;
        -h|--help) sed -n '2,32p' "$0"; exit 0 ;;
        -*) sed -n '2,32p' "$0" >&2; exit 64 ;;
        *) documents+=("$(cd "$(dirname "$1")" && pwd)/$(basename "$1")") ;;
    esac
    shift
done
configuration=release
[ "$quick" = 1 ] && configuration=debug
# The run's figures go to a dated file too; CI's quick run writes none unless asked.
source "$bench/data.sh"
source "$bench/client-build.sh"
[ "$quick" = 1 ] && [ -z "$data_option" ] && data_option=none
data_start compare md "$data_option" "$command"

work=${WORK:-$(mktemp -d)}
mkdir -p "$work"
[ -z "${WORK:-}" ] && trap 'rm -rf "$work"' EXIT
measure() { python3 "$bench/measure.py" "$@"; }
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { python3 -c "import sys; a, b = sys.argv[1:]; print('-' if '-' in (a, b) or float(b) == 0 else f'{float(a) / float(b):.2f}×')" "$1" "$2"; }

# The inputs, each as a label and a file.
labels=() files=()
add() { labels+=("$1") files+=("$2"); }
synthetic() {
    local n=$1 format=${2:-json}
    local file="$work/inputs/synthetic-$n.$format"
    if [ ! -f "$file" ]; then
        python3 "$bench/make-openapi-doc.py" "$n" > "$work/inputs/synthetic-$n.json"
        [ "$format" = yaml ] && python3 "$bench/to-yaml.py" < "$work/inputs/synthetic-$n.json" > "$file"
    fi
    echo "$file"
}
mkdir -p "$work/inputs"
if [ ${#documents[@]} -gt 0 ]; then
    # The script's own synthetic documents (WORK/inputs/synthetic-N.json) keep the labels of a
    # default run, so that a run of some of them alone checks the same targets.
    for document in "${documents[@]}"; do
        name=$(basename "$document")
        if [[ $name =~ ^synthetic-([0-9]+)\.json$ ]]; then add "synthetic, ${BASH_REMATCH[1]} operations" "$document"
        else add "$name" "$document"; fi
    done
elif [ ! -d "$corpus/openapi" ]; then
    echo "no corpus at $corpus: the synthetic documents alone"
    add "synthetic, 10 operations" "$(synthetic 10)"
    [ "$quick" = 0 ] && for n in 200 1000 5000; do add "synthetic, $n operations" "$(synthetic "$n")"; done
elif [ "$quick" = 1 ]; then
    add petstore.yaml "$corpus/openapi/petstore.yaml"
    add "synthetic, 10 operations" "$(synthetic 10)"
else
    add petstore.yaml "$corpus/openapi/petstore.yaml"
    add spotify.fixed-spotify-open-api.yml "$corpus/openapi/spotify.fixed-spotify-open-api.yml"
    add asana.yaml "$corpus/openapi/asana.yaml"
    add box.openapi.json "$corpus/openapi/box.openapi.json"
    python3 "$bench/to-yaml.py" < "$corpus/openapi/box.openapi.json" > "$work/inputs/box.openapi.yaml"
    add "box.openapi.json saved as YAML" "$work/inputs/box.openapi.yaml"
    for n in 10 200 1000 5000; do add "synthetic, $n operations" "$(synthetic "$n")"; done
    payments="${APIS:-$here/../openapi-dir/APIs}/stripe.com/2019-12-03/swagger.yaml"
    if [ -f "$payments" ]; then
        # Written as OpenAPI 3 (Benchmarks/swagger-to-openapi.py), so that the peer reads it too.
        python3 "$bench/swagger-to-openapi.py" "$payments" > "$work/inputs/stripe.openapi.json"
        add "stripe.com 2019-12-03 as OpenAPI 3" "$work/inputs/stripe.openapi.json"
        python3 "$bench/expand-references.py" "$payments" "$work/inputs/stripe-expanded.yaml" 2> /dev/null
        python3 "$bench/swagger-to-openapi.py" "$work/inputs/stripe-expanded.yaml" > "$work/inputs/stripe-expanded.openapi.json"
        add "stripe.com 2019-12-03 as OpenAPI 3, ids expanded" "$work/inputs/stripe-expanded.openapi.json"
    fi
fi

# Both CLIs and both runtimes.
echo "building strategy-gen ($configuration) and StrategyKit (debug)"
(cd "$here" && swift build -c "$configuration" --product strategy-gen > "$work/build-ours.log" 2>&1 \
    && swift build --target StrategyKit >> "$work/build-ours.log" 2>&1) || { cat "$work/build-ours.log"; exit 1; }
ours_cli="$(cd "$here" && swift build -c "$configuration" --show-bin-path)/strategy-gen"
ours_modules="$(cd "$here" && swift build --show-bin-path)"
if [ "$peer" = 1 ]; then
    echo "building swift-openapi-generator ($configuration) and OpenAPIRuntime (debug) in Benchmarks/Peer"
    peer_build=$(measure -o "$work/build-peer.log" -C "$bench/Peer" swift build -c "$configuration" --product swift-openapi-generator) \
        || { cat "$work/build-peer.log"; exit 1; }
    echo "  the peer's CLI built in $(echo "$peer_build" | cut -d' ' -f1) s"
    (cd "$bench/Peer" && swift build --target PeerRuntime >> "$work/build-peer.log" 2>&1) || { cat "$work/build-peer.log"; exit 1; }
    theirs_cli="$(cd "$bench/Peer" && swift build -c "$configuration" --show-bin-path)/swift-openapi-generator"
    theirs_modules="$(cd "$bench/Peer" && swift build --show-bin-path)"
    printf 'generate:\n  - types\n  - client\naccessModifier: public\n' > "$work/peer-config.yaml"
fi

# Generates code for input $2 into folder $3 with side $1; prints "seconds cpu_seconds peak_mb".
generate() {
    local side=$1 input=$2 out=$3
    rm -rf "$out" && mkdir -p "$out"
    local figures
    if [ "$side" = ours ]; then
        figures=$(measure -o "$out.log" "$ours_cli" generate "$input" --output "$out" ${split:+--split "$split"}) || { cat "$out.log" >&2; return 1; }
    else
        figures=$(measure -o "$out.log" "$theirs_cli" generate "$input" --config "$work/peer-config.yaml" --output-directory "$out") \
            || { cat "$out.log" >&2; return 1; }
    fi
    echo "$figures"
}

# Builds the generated code in folder $2 against side $1's runtime, as SwiftPM builds a module in
# debug; prints "seconds cpu_seconds peak_mb".
compile() {
    local side=$1 out=$2 modules
    modules=$ours_modules
    [ "$side" = theirs ] && modules=$theirs_modules
    local objects="$out.objects"
    rm -rf "$objects" && mkdir -p "$objects"
    local figures
    client_build "$modules" "$out"
    figures=$(measure -o "$out.build.log" -C "$objects" "${client_build_command[@]}") \
        || { cat "$out.build.log" >&2; return 1; }
    if grep -q "warning:" "$out.build.log"; then echo "  ($side: the generated code has warnings)" >&2; fi
    echo "$figures"
}

sides=(ours)
[ "$peer" = 1 ] && sides+=(theirs)
failures=()
results="$work/results.tsv"
: > "$results"
# Per input and side: lines, doc comment and comment lines, blank lines.
line_kinds="$work/line-kinds.tsv"
: > "$line_kinds"
for ((i = 0; i < ${#labels[@]}; i++)); do
    label=${labels[$i]} input=${files[$i]}
    echo "== $label ($(wc -c < "$input" | tr -d ' ') bytes)"
    for side in "${sides[@]}"; do
        out="$work/out/$i-$side"
        if [ "$side" = theirs ] && head -c 4000 "$input" | grep -qE '^"?swagger"?[[:space:]]*:|"swagger"[[:space:]]*:'; then
            echo "  theirs: a Swagger 2.0 document, which the peer doesn't read"
            continue
        fi
        : > "$work/gen-s" && : > "$work/gen-c" && : > "$work/gen-m" && : > "$work/build-s" && : > "$work/build-c" && : > "$work/build-m"
        failed=0
        for ((run = 1; run <= runs; run++)); do
            if ! figures=$(generate "$side" "$input" "$out" 2> "$work/error"); then
                echo "  $side: generation failed: $(head -c 600 "$work/error")"; failed=1; break
            fi
            echo "$figures" | cut -d' ' -f1 >> "$work/gen-s"; echo "$figures" | cut -d' ' -f2 >> "$work/gen-c"
            echo "$figures" | cut -d' ' -f3 >> "$work/gen-m"
        done
        [ "$failed" = 1 ] && { failures+=("$side: $label"); printf '%s\t%s\t-\t-\t-\t-\t-\t-\t-\n' "$label" "$side" >> "$results"; continue; }
        lines=$(cat "$out"/*.swift | wc -l)
        cat "$out"/*.swift | awk -v label="$label" -v side="$side" '/^[ \t]*\/\// { c++; next } /^[ \t]*$/ { b++ }
            END { printf "%s\t%s\t%d\t%d\t%d\n", label, side, NR, c, b }' >> "$line_kinds"
        if [ "$lines" -gt "$build_limit" ]; then
            echo "  $side: $lines lines, over the build limit of $build_limit (-b): not built"
            runs_built=0
        else
            runs_built=$runs
        fi
        for ((run = 1; run <= runs_built; run++)); do
            if ! figures=$(compile "$side" "$out" 2> "$work/error"); then
                echo "  $side: the generated code doesn't build: $(grep -m3 'error:' "$work/error" || head -c 600 "$work/error")"; failed=1; break
            fi
            echo "$figures" | cut -d' ' -f1 >> "$work/build-s"; echo "$figures" | cut -d' ' -f2 >> "$work/build-c"
            echo "$figures" | cut -d' ' -f3 >> "$work/build-m"
        done
        build_s=$(median < "$work/build-s") build_c=$(median < "$work/build-c") build_m=$(median < "$work/build-m")
        [ "$failed" = 1 ] && { failures+=("$side: $label"); build_s=- build_c=- build_m=-; }
        gen_c=$(median < "$work/gen-c")
        row=$(printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s' "$label" "$side" "$(median < "$work/gen-s")" "$(median < "$work/gen-m")" "$lines" "$build_s" "$build_m" "$build_c" "$gen_c")
        echo "$row" >> "$results"
        echo "  $side: generation $(echo "$row" | cut -f3) s ($gen_c CPU s), $(echo "$row" | cut -f4) MB; $lines lines; build $build_s s ($build_c CPU s), $build_m MB"
    done
done

# A 4 MB YAML document: the time to read it. Its paths and components are renamed to extensions,
# which the importer passes over, so that reading is what `strategy-gen validate` does.
if [ "$quick" = 0 ] && [ ${#documents[@]} -eq 0 ]; then
    big="$work/inputs/synthetic-6000-read.yaml"
    sed -e 's/^paths:/x-paths:/' -e 's/^components:/x-components:/' "$(synthetic 6000 yaml)" > "$big"
    : > "$work/read-s" && : > "$work/read-c"
    for ((run = 1; run <= runs; run++)); do
        figures=$(measure "$ours_cli" validate "$big")
        echo "$figures" | cut -d' ' -f1 >> "$work/read-s"; echo "$figures" | cut -d' ' -f2 >> "$work/read-c"
    done
    read_yaml=$(median < "$work/read-c")
    echo "== synthetic, 6,000 operations, YAML, read only ($(wc -c < "$big" | tr -d ' ') bytes): strategy-gen validate in $(median < "$work/read-s") s, $read_yaml CPU s"
fi

report="$work/report.md"
{
echo
echo "| input | lines ours / theirs | generation s ours / theirs | generation CPU s ours / theirs | generation MB ours / theirs | build s ours / theirs | build CPU s ours / theirs | build MB ours / theirs |"
echo "|---|---|---|---|---|---|---|---|"
python3 - "$results" <<'PY'
import sys
rows = {}
order = []
for line in open(sys.argv[1]):
    label, side, gen_s, gen_m, lines, build_s, build_m, build_c, gen_c = line.rstrip("\n").split("\t")
    if label not in rows: order.append(label)
    rows.setdefault(label, {})[side] = dict(gen_s=gen_s, gen_c=gen_c, gen_m=gen_m, lines=lines, build_s=build_s, build_m=build_m, build_c=build_c)
def cell(row, key, digits):
    ours, theirs = row.get("ours", {}).get(key, "-"), row.get("theirs", {}).get(key, "-")
    def fmt(v): return v if v == "-" else f"{float(v):,.{digits}f}"
    text = f"{fmt(ours)} / {fmt(theirs)}"
    if "-" not in (ours, theirs) and float(theirs) > 0: text += f" ({float(ours) / float(theirs):.2f}×)"
    return text
for label in order:
    row = rows[label]
    print(f"| {label} | {cell(row, 'lines', 0)} | {cell(row, 'gen_s', 2)} | {cell(row, 'gen_c', 2)} | {cell(row, 'gen_m', 0)} | {cell(row, 'build_s', 1)} | {cell(row, 'build_c', 1)} | {cell(row, 'build_m', 0)} |")
PY

if [ "$peer" = 1 ]; then
    echo
    echo "Targets (ratios to swift-openapi-generator, this run):"
    python3 - "$results" "$quick" "${read_yaml:--}" "$line_kinds" <<'PY'
import sys
results, quick, read_yaml, line_kinds = sys.argv[1], sys.argv[2] == "1", sys.argv[3], sys.argv[4]
rows = {}
for line in open(results):
    label, side, *values = line.rstrip("\n").split("\t")
    rows.setdefault(label, {})[side] = values
def worst(index, limit, what):
    ratios = []
    for label, sides in rows.items():
        if "ours" in sides and "theirs" in sides and "-" not in (sides["ours"][index], sides["theirs"][index]) and float(sides["theirs"][index]) > 0:
            ratios.append((float(sides["ours"][index]) / float(sides["theirs"][index]), label))
    if not ratios:
        print(f"  {what}: not measured"); return
    ratio, label = max(ratios)
    verdict = "met" if ratio <= limit else "MISSED"
    print(f"  {what} at most {limit}×: {verdict}, worst {ratio:.2f}× ({label})")
note = " (debug CLIs: generation ratios don't count)" if quick else ""
worst(0, 0.1, "generation time" + note)
worst(6, 0.1, "generation CPU time" + note)
worst(3, 0.1, "build time")
worst(5, 0.1, "build CPU time")
worst(4, 0.25, "build memory")
worst(2, 0.2, "generated lines")
# Why the lines' ratio is what it is: how much of each side is doc comments and blank lines.
kinds = {}
for line in open(line_kinds):
    label, side, total, comments, blanks = line.rstrip("\n").split("\t")
    kinds.setdefault(label, {})[side] = (int(total), int(comments), int(blanks))
both = [(label, k) for label, k in kinds.items() if "ours" in k and "theirs" in k and k["theirs"][0] > 0]
if any(k["ours"][0] / k["theirs"][0] > 0.2 for _, k in both):
    def share(counts): return f"{100 * counts[1] / counts[0]:.0f}% comments, {100 * counts[2] / counts[0]:.0f}% blank"
    def code(counts): return counts[0] - counts[1] - counts[2]
    print("  why, generated lines: ours / theirs, the share of doc comments and blank lines, and the ratio of the lines"
          " of code alone: " + "; ".join(
              f"{label} {share(k['ours'])} / {share(k['theirs'])}, code {code(k['ours']) / code(k['theirs']):.2f}×" for label, k in both))
# Why the build's ratios are what they are, from this run's figures: a compiler process's fixed
# memory, and what a line of each side's code costs to build.
measured = [(label, sides) for label, sides in rows.items()
            if "ours" in sides and "theirs" in sides and "-" not in (sides["ours"][5], sides["theirs"][5], sides["ours"][4], sides["theirs"][4])]
def ratio(sides, index): return float(sides["ours"][index]) / float(sides["theirs"][index])
if any(ratio(sides, 4) > 0.25 for _, sides in measured):
    smallest = min(measured, key=lambda item: int(item[1]["ours"][2]))
    print(f"  why, build memory: the smallest input ({smallest[0]}, {int(smallest[1]['ours'][2]):,} lines ours) builds in"
          f" {float(smallest[1]['ours'][4]):,.0f} MB ours and {float(smallest[1]['theirs'][4]):,.0f} MB theirs: the compiler's"
          " own memory, two jobs side by side, each loading the runtime's modules before it reads a line;"
          " the ratio falls as the code grows: " + ", ".join(
              f"{label} {float(s['ours'][4]) / float(s['theirs'][4]):.2f}×" for label, s in measured))
if any(ratio(sides, 5) > 0.1 for _, sides in measured):
    def per_line(side): return float(side[5]) / (int(side[2]) / 1000)
    small = [(label, sides) for label, sides in measured if int(sides["ours"][2]) < 5000]
    large = [(label, sides) for label, sides in measured if int(sides["ours"][2]) >= 5000]
    if small:
        print("  why, build time of small inputs: the compiler's start, loading each side's runtime, is most of it: " + ", ".join(
            f"{label} {float(s['ours'][5]):.2f} / {float(s['theirs'][5]):.2f} CPU s ours / theirs" for label, s in small))
    if large:
        print("  why, build time: CPU seconds per 1,000 lines, ours / theirs (ratio): " + ", ".join(
            f"{label} {per_line(s['ours']):.2f} / {per_line(s['theirs']):.2f} ({per_line(s['ours']) / per_line(s['theirs']):.2f}×)"
            for label, s in large) + "; the build's ratio is the lines' ratio times this one, so 0.1× asks for"
            " fewer lines as much as for cheaper ones (most of a debug build is LLVM emitting code and debug"
            " information, which grows with the types and functions the code declares: each struct's value witnesses,"
            " each operation's async methods, each model's coding; Benchmarks/code-by-kind.py WORK/out/N-SIDE.objects"
            " shows a build's code by kind)")
PY
fi
python3 - "$results" "${read_yaml:--}" <<'PY'
import sys
rows = {}
for line in open(sys.argv[1]):
    label, side, gen_s, gen_m, lines, build_s, build_m, build_c, gen_c = line.rstrip("\n").split("\t")
    rows.setdefault(label, {})[side] = (gen_s, lines, build_s, build_c, gen_c)
read_yaml = sys.argv[2]
if read_yaml != "-":
    print(f"  a 4 MB YAML document read in under 1 s: {'met' if float(read_yaml) < 1 else 'MISSED'}, {read_yaml} CPU s")
five = rows.get("synthetic, 5000 operations", {}).get("ours")
if five and five[0] != "-":
    print(f"  generation of 5,000 operations under 2 s: {'met' if float(five[0]) < 2 else 'MISSED'}, {five[0]} s ({five[4]} CPU s)")
largest, mid = rows.get("box.openapi.json", {}).get("ours"), rows.get("asana.yaml", {}).get("ours")
if largest and mid and "-" not in (largest[2], mid[2], largest[3], mid[3]):
    for index, what in ((2, "s"), (3, "CPU s")):
        per = lambda r: float(r[index]) / (int(r[1]) / 1000)
        ratio = per(largest) / per(mid)
        print(f"  build {what} per 1,000 lines, largest (box) within 1.5× of mid-size (asana): {'met' if ratio <= 1.5 else 'MISSED'},"
              f" {per(largest):.2f} against {per(mid):.2f} ({ratio:.2f}×)")
PY
} > "$report"
cat "$report"

if [ "$consumer" = 1 ]; then
    bash "$bench/consumer.sh" "$corpus/openapi/asana.yaml" "$peer" | tee "$work/consumer.txt"
fi

# The run's figures: the inputs, the table, the targets and the consumer's builds.
{
    echo "Runs of each side: $runs (the medians); CLIs: $configuration; builds of at most $build_limit lines. Inputs:"
    for ((i = 0; i < ${#labels[@]}; i++)); do echo "- ${labels[$i]}, $(wc -c < "${files[$i]}" | tr -d ' ') bytes"; done
    if [ -n "${read_yaml:-}" ]; then
        echo "- a synthetic 6,000-operation YAML document, read only: $read_yaml CPU s"
    fi
    echo
    sed -n '/^|/p' "$report"
    if [ -n "$(sed '/^|/d; /^$/d' "$report")" ]; then
        echo
        echo '```text'
        sed '/^|/d; /^$/d' "$report"
        echo '```'
    fi
    if [ -s "$work/consumer.txt" ]; then
        echo
        echo "The consumer's build (Benchmarks/consumer.sh):"
        echo
        echo '```text'
        cat "$work/consumer.txt"
        echo '```'
    fi
    if [ ${#failures[@]} -gt 0 ]; then
        echo
        echo "No figures for: ${failures[*]}."
    fi
} | data_write "Generation and build beside swift-openapi-generator"

# Ours must generate code that builds for every input; so must the peer in quick mode, whose
# inputs it handles, so that a change on either side that breaks the benchmark fails CI.
for failure in ${failures[@]+"${failures[@]}"}; do
    if [ "${failure%%:*}" = ours ] || [ "$quick" = 1 ]; then
        echo "error: no figures for $failure (above: why)" >&2
        exit 1
    fi
done
