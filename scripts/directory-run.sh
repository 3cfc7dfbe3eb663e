#!/usr/bin/env bash
# Runs strategy-gen on every OpenAPI and Swagger document under a directory, each with a time
# limit, and prints a line per document (outcome, seconds, generated lines, list operations
# paged of those found, with the kinds inferred), totals by version and paged operations by
# kind, and the share paged of the lists whose operation takes a paging parameter (page, offset,
# cursor or page size; the others come whole), the client methods deprecated where the document
# deprecates neither the operation nor a required part of it (scripts/deprecation-check.py decides
# from the document alone), and the request bodies the clients drop or send empty without a
# warning (scripts/body-check.py), then type-checks a random sample of the generated clients
# against the runtime.
#
#   scripts/directory-run.sh [-t SECONDS] [-n SAMPLE] [-s SEED] [-c CONFIGURATION] [-k] [-o DATA] PATH
#
# PATH holds the documents at any depth: files named openapi.yaml, swagger.yaml, or any .yaml,
# .yml or .json file whose top level says `openapi:` or `swagger:`. -t is each run's limit
# (default 60 s); -n the size of the sample to type-check, half OpenAPI 3.x and half Swagger 2.0
# (default 100; 0 type-checks none); -s its seed (default 1), printed so a run can be repeated;
# -c the build of strategy-gen to run (release, the default, or debug, which a build has
# already); -k keeps the generated clients in .build/directory-run. STRATEGY_GEN, when set, is
# the strategy-gen binary to run instead (a copy keeps a long run apart from later builds).
# -o writes the totals, the documents not generated and the sample's outcome to DATA (default: a
# new dated file, Benchmarks/data/directory-DATE.md, never an existing one; -o none: no file).
# Outcomes: generated, refused (the document has an error, named with its line), crashed (a
# signal), hung (over the limit).
# Exits non-zero on any crash or hang, on a method deprecated beyond the document, on a request
# body dropped or emptied without a warning, or on a sampled client that doesn't compile cleanly.
set -uo pipefail
limit=60 sample=100 seed=1 keep=0 configuration=release data_option=
command="${STRATEGY_GEN:+STRATEGY_GEN=$STRATEGY_GEN }bash scripts/directory-run.sh $*"
while getopts "t:n:s:c:ko:" option; do
    case $option in
        t) limit=$OPTARG ;;
        n) sample=$OPTARG ;;
        s) seed=$OPTARG ;;
        c) configuration=$OPTARG ;;
        k) keep=1 ;;
        o) data_option=$OPTARG ;;
        *) sed -n '2,27p' "$0" >&2; exit 64 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { sed -n '2,27p' "$0" >&2; exit 64; }
root=$(cd "$1" && pwd) || exit 64
here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/Benchmarks/data.sh"
data_start directory md "$data_option" "$command"
cd "$here"
swift build -c "$configuration" --product strategy-gen >/dev/null 2>&1 || exit 1
swift build --target StrategyKit >/dev/null 2>&1 || exit 1
gen=${STRATEGY_GEN:-"$(swift build -c "$configuration" --show-bin-path)/strategy-gen"}
modules="$(swift build --show-bin-path)/Modules"
work="$here/.build/directory-run"
rm -rf "$work" && mkdir -p "$work/out"
[ "$keep" = 1 ] || trap 'rm -rf "$work"' EXIT

# The documents, in a stable order, with their versions.
find "$root" -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) | LC_ALL=C sort | while read -r document; do
    version=$(head -c 20000 "$document" | grep -m1 -oE "^[[:space:]{]*[\"']?(openapi|swagger)[\"']?[[:space:]]*:[[:space:]]*[\"']?[0-9.]+" | sed -E "s/[\"' {[:space:]]//g")
    case $version in
        openapi:3*) echo "3 $document" ;;
        swagger:2*) echo "2 $document" ;;
    esac
done > "$work/documents"

declare -A count ok refused crashed hung lines paged lists whole kinds
for v in 2 3; do count[$v]=0 ok[$v]=0 refused[$v]=0 crashed[$v]=0 hung[$v]=0 lines[$v]=0 paged[$v]=0 lists[$v]=0 whole[$v]=0; done
kindNames="link nextURL cursor afterLastItem offset page"
for k in $kindNames; do kinds[$k]=0; done
index=0 total_seconds=0 longest=0 longest_name=
deprecated=0 overDeprecated=0 bodies=0 lostBodies=0 warnedBodies=0
while read -r version document; do
    index=$((index + 1))
    name=${document#"$root"/}
    out="$work/out/$index"
    count[$version]=$((count[$version] + 1))
    start=$(date +%s.%N)
    timeout -s KILL "$limit" "$gen" generate "$document" --output "$out" --verbose --diagnostic-style plain > "$work/log" 2>&1
    status=$?
    seconds=$(echo "$(date +%s.%N) - $start" | bc)
    total_seconds=$(echo "$total_seconds + $seconds" | bc)
    if [ "$(echo "$seconds > $longest" | bc)" = 1 ]; then longest=$seconds longest_name=$name; fi
    if [ $status -eq 0 ]; then
        generated=$(cat "$out"/*.swift | wc -l)
        ok[$version]=$((ok[$version] + 1))
        lines[$version]=$((lines[$version] + generated))
        echo "$version $index $out" >> "$work/generated"
        # The list operations, and those paged by kind, as --verbose notes them.
        inferred=$(grep -c 'note: pagination inferred: ' "$work/log")
        unpaged=$(grep -c 'note: no pagination inferred for this list: ' "$work/log")
        # Lists whose operation takes nothing that asks for a page: they come whole.
        whole[$version]=$((whole[$version] + $(grep -c 'note: no pagination inferred for this list: the operation takes no parameter that asks for a page' "$work/log")))
        byKind=""
        for k in $kindNames; do
            n=$(grep -c "note: pagination inferred: $k " "$work/log")
            [ "$n" -eq 0 ] || byKind="$byKind $k $n,"
            kinds[$k]=$((kinds[$k] + n))
        done
        # Deprecated methods, and those the document doesn't deprecate.
        check=$(python3 scripts/deprecation-check.py "$document" "$out" 2>/dev/null | head -1)
        if [[ $check =~ ^deprecated\ methods\ ([0-9]+),\ not\ deprecated\ by\ the\ document\ ([0-9]+) ]]; then
            deprecated=$((deprecated + BASH_REMATCH[1]))
            overDeprecated=$((overDeprecated + BASH_REMATCH[2]))
            [ "${BASH_REMATCH[2]}" -eq 0 ] || echo "deprecated beyond the document: ${BASH_REMATCH[2]} methods of $name" >> "$work/over-deprecated"
        fi
        # Request bodies, and those dropped or sent empty, with a warning or without.
        check=$(python3 scripts/body-check.py "$document" "$out" "$work/log" 2>/dev/null | head -1)
        if [[ $check =~ ^request\ bodies\ ([0-9]+),\ dropped\ or\ emptied\ ([0-9]+),\ of\ them\ with\ a\ warning\ ([0-9]+) ]]; then
            bodies=$((bodies + BASH_REMATCH[1]))
            lost=$((BASH_REMATCH[2] - BASH_REMATCH[3]))
            lostBodies=$((lostBodies + lost)) warnedBodies=$((warnedBodies + BASH_REMATCH[3]))
            [ "$lost" -eq 0 ] || echo "request bodies dropped or emptied without a warning: $lost of $name" >> "$work/lost-bodies"
        fi
        paged[$version]=$((paged[$version] + inferred))
        lists[$version]=$((lists[$version] + inferred + unpaged))
        printf 'generated  %6.2f s %8d lines  paged %3d/%-3d %-28s %s\n' "$seconds" "$generated" "$inferred" "$((inferred + unpaged))" "${byKind%,}" "$name"
    elif [ $status -eq 137 ]; then
        hung[$version]=$((hung[$version] + 1))
        printf 'hung       %6.2f s                 %s\n' "$seconds" "$name" | tee -a "$work/not-generated"
    elif [ $status -gt 128 ]; then
        crashed[$version]=$((crashed[$version] + 1))
        printf 'crashed    %6.2f s                 %s (signal %d)\n' "$seconds" "$name" $((status - 128)) | tee -a "$work/not-generated"
    else
        refused[$version]=$((refused[$version] + 1))
        printf 'refused    %6.2f s                 %s: %s\n' "$seconds" "$name" "$(grep -m1 'error:' "$work/log" | sed "s|$root/||" | cut -c1-240)" \
            | tee -a "$work/not-generated"
    fi
done < "$work/documents"

failed=0
for v in 3 2; do
    label=$([ $v = 3 ] && echo "OpenAPI 3.x" || echo "Swagger 2.0")
    echo "$label: ${ok[$v]}/${count[$v]} generated, ${refused[$v]} refused, ${crashed[$v]} crashed, ${hung[$v]} hung; ${lines[$v]} lines; ${paged[$v]}/${lists[$v]} list operations paged"
    [ $((crashed[$v] + hung[$v])) -eq 0 ] || failed=1
done
total=$((count[2] + count[3])) generated=$((ok[2] + ok[3]))
echo "all: $generated/$total generated"
totalPaged=$((paged[2] + paged[3])) totalLists=$((lists[2] + lists[3]))
share=$([ "$totalLists" -gt 0 ] && echo "scale=1; 100 * $totalPaged / $totalLists" | bc || echo 0)
echo "paged: $totalPaged/$totalLists list operations ($share%):$(for k in $kindNames; do printf ' %s %d' "$k" "${kinds[$k]}"; done)"
shareAll=$share
pageable=$((totalLists - whole[2] - whole[3]))
share=$([ "$pageable" -gt 0 ] && echo "scale=1; 100 * $totalPaged / $pageable" | bc || echo 0)
echo "paged: $totalPaged/$pageable list operations that take a page, offset, cursor or page size parameter ($share%)"
echo "deprecated: $deprecated client methods, $overDeprecated of them where the document deprecates neither the operation nor a required part"
[ -s "$work/over-deprecated" ] && cat "$work/over-deprecated"
[ "$overDeprecated" -eq 0 ] || failed=1
echo "request bodies: $bodies, $lostBodies dropped or sent empty without a warning, $warnedBodies with one"
[ -s "$work/lost-bodies" ] && cat "$work/lost-bodies"
[ "$lostBodies" -eq 0 ] || failed=1

# The sample: half of each version, drawn with the seed.
echo "sample of $sample clients, seed $seed"
compiled=0 drawn=0
for v in 3 2; do
    grep "^$v " "$work/generated" 2>/dev/null | python3 -c "
import random, sys
lines = sys.stdin.read().splitlines()
random.Random($seed).shuffle(lines)
print('\n'.join(lines[:$sample // 2]))"
done > "$work/sample"
while read -r version index out; do
    [ -n "$index" ] || continue
    drawn=$((drawn + 1))
    name=$(sed -n "${index}p" "$work/documents" | cut -d' ' -f2-)
    name=${name#"$root"/}
    if swiftc -swift-version 6 -typecheck -I "$modules" "$out"/*.swift > "$work/compile.log" 2>&1 && ! grep -q "warning:" "$work/compile.log"; then
        compiled=$((compiled + 1))
        echo "compiled      $name"
    else
        failed=1
        echo "not compiled  $name: $(grep -m1 -E 'error:|warning:' "$work/compile.log" | sed "s|$out/||" | cut -c1-240)" \
            | tee -a "$work/not-compiled"
    fi
done < "$work/sample"
echo "compiled $compiled/$drawn of the sample without errors or warnings"

# The run's figures.
{
    echo "The documents under \`$root\`, $limit s a document, strategy-gen ${STRATEGY_GEN:-($configuration build)}."
    echo
    echo "| | documents | generated | refused | crashed | hung | generated lines | list operations paged |"
    echo "|---|---|---|---|---|---|---|---|"
    for v in 3 2 all; do
        if [ "$v" = all ]; then
            row="all|$total|$generated|$((refused[2] + refused[3]))|$((crashed[2] + crashed[3]))|$((hung[2] + hung[3]))|$((lines[2] + lines[3]))|$totalPaged/$totalLists"
        else
            row="$([ $v = 3 ] && echo "OpenAPI 3.x" || echo "Swagger 2.0")|${count[$v]}|${ok[$v]}|${refused[$v]}|${crashed[$v]}|${hung[$v]}|${lines[$v]}|${paged[$v]}/${lists[$v]}"
        fi
        echo "| ${row//|/ | } |"
    done
    echo
    echo "- Generation took $(printf '%.1f' "$total_seconds") s in all (the sum of the runs' wall times), the longest $(printf '%.2f' "$longest") s${longest_name:+ ($longest_name)}."
    echo "- Paging inferred: $totalPaged of $totalLists list operations ($shareAll%), $totalPaged of the $pageable that take a page, offset, cursor or page size parameter ($share%); by kind:$(for k in $kindNames; do printf ' %s %d' "$k" "${kinds[$k]}"; done)."
    echo "- Request bodies: $bodies, $lostBodies dropped or sent empty without a warning, $warnedBodies with one."
    echo "- Deprecated: $deprecated client methods, $overDeprecated of them where the document deprecates neither the operation nor a required part of it."
    echo "- The sample, $sample clients drawn with seed $seed: $compiled of $drawn type-check with no error and no warning."
    if [ -s "$work/not-generated" ]; then
        echo
        echo "Not generated:"
        echo
        echo '```text'
        cat "$work/not-generated"
        echo '```'
    fi
    if [ -s "$work/not-compiled" ]; then
        echo
        echo "Not compiled:"
        echo
        echo '```text'
        cat "$work/not-compiled"
        echo '```'
    fi
} | data_write "A directory of documents"
exit $failed
