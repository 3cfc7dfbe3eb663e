#!/usr/bin/env bash
# Imports every OpenAPI and Swagger document of a corpus with strategy-gen and type-checks the
# generated code against the runtime, printing a line per document and then
# `imported N/M, compiled N/M`, with the warnings counted. Each document also gets a fidelity line
# (scripts/corpus-fidelity.py): its operations and strategies, what was left out by kind and its
# share of the document's operations, parameters, properties and union members, raw `Data`
# bodies, and the response examples carried into the stubs; then the totals.
#
#   scripts/import-corpus.sh [CORPUS_DIR] [NAME_FILTER]
#
# CORPUS_DIR defaults to ../shared/corpus beside the package; NAME_FILTER (a grep pattern) keeps
# only the documents whose file names match it.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:-$here/../shared/corpus}
filter=${2:-.}
cd "$here"
swift build --product strategy-gen >/dev/null && swift build --target StrategyKit >/dev/null || exit 1
bin=$(swift build --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

total=0 imported=0 compiled=0 import_warnings=0 compile_warnings=0
all_types=0 all_duplicates=0 all_unused=0
all_operations=0 all_strategies=0 all_lost=0 all_whole=0 all_raw=0 all_stubbed=0 all_examples=0
examples_decoded=0 examples_tried=0 examples_failed=0
# The runtime's objects and its dependencies', to link the programs that decode the examples.
runtime_objects=$(ls "$bin"/{StrategyKit,HTTPTypes}.build/*.o)
for document in $(find "$corpus" -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) | sort | grep -E "$filter"); do
    name=$(basename "$document")
    total=$((total + 1))
    out="$work/$total"
    if ! "$bin/strategy-gen" generate "$document" --output "$out" --verbose --diagnostic-style plain > "$work/import.log" 2>&1; then
        echo "not imported  $name: $(grep -m1 'error:' "$work/import.log" | cut -c1-200)"
        continue
    fi
    imported=$((imported + 1))
    warnings=$(grep -c "warning:" "$work/import.log")
    import_warnings=$((import_warnings + warnings))
    if swiftc -swift-version 6 -typecheck -I "$bin/Modules" "$out"/*.swift > "$work/compile.log" 2>&1; then
        compiled=$((compiled + 1))
        generated=$(grep -c "warning:" "$work/compile.log")
        compile_warnings=$((compile_warnings + generated))
        echo "compiled      $name ($(cat "$out"/*.swift | wc -l) lines, $warnings import warnings, $generated compiler warnings)"
        if fidelity=$(python3 "$here/scripts/corpus-fidelity.py" "$document" "$out" "$work/import.log" 2> "$work/fidelity"); then
            echo "    $fidelity"
            # Each stub's example decodes through its strategy's output, as a stubbed client answers.
            if grep -q '^    public static let .* = """$' "$out"/*.Stubs.swift; then
                python3 "$here/scripts/example-harness.py" "$out" > "$work/main.swift"
                if swiftc -swift-version 6 -I "$bin/Modules" "$work/main.swift" "$out"/*.swift $runtime_objects -o "$work/harness" > "$work/harness.log" 2>&1; then
                    "$work/harness" > "$work/decoded.log" 2>&1 || examples_failed=$((examples_failed + 1))
                    sed 's/^/    /' "$work/decoded.log"
                    counts=$(tail -1 "$work/decoded.log" | awk '{print $3}')
                    examples_decoded=$((examples_decoded + ${counts%/*})) examples_tried=$((examples_tried + ${counts#*/}))
                else
                    examples_failed=$((examples_failed + 1))
                    echo "    examples not compiled: $(grep -m1 'error:' "$work/harness.log" | cut -c1-200)"
                fi
            fi
            read -r _ operations strategies lost whole raw stubbed examples types duplicates unused < "$work/fidelity"
            all_types=$((all_types + types)) all_duplicates=$((all_duplicates + duplicates)) all_unused=$((all_unused + unused))
            all_operations=$((all_operations + operations)) all_strategies=$((all_strategies + strategies))
            all_lost=$((all_lost + lost)) all_whole=$((all_whole + whole)) all_raw=$((all_raw + raw))
            all_stubbed=$((all_stubbed + stubbed)) all_examples=$((all_examples + examples))
        fi
    else
        echo "not compiled  $name: $(grep -m1 'error:' "$work/compile.log" | cut -c1-200)"
    fi
done
echo "fidelity: $all_operations operations, $all_strategies strategies; $all_lost of $all_whole elements left out; $all_raw raw bodies; examples $all_stubbed/$all_examples stubbed, $examples_decoded/$examples_tried decoded; $all_types types, $all_duplicates duplicate, $all_unused unused"
echo "imported $imported/$total, compiled $compiled/$total; $import_warnings import warnings, $compile_warnings compiler warnings"
[ "$compiled" -eq "$total" ] && [ "$compile_warnings" -eq 0 ] && [ "$examples_failed" -eq 0 ]
