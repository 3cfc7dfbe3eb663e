#!/usr/bin/env bash
# The contract check on a corpus: for every OpenAPI 3.x document of CORPUS_DIR/openapi, the
# oracle (scripts/oracle/oracle.py) serves the document on a loopback port and the document's
# driver (scripts/contract-run.sh) calls every operation of the generated client once (twice with
# a full sample, as scripts/contract-driver.py says); then a second pass with the oracle answering
# only declared errors, reusing the driver built by the first. Prints a line per document
# (operations, called, requests valid, answers decoded, error bodies decoded, document faults),
# the totals, the targets as met or MISSED, and every invalid request, decode failure, operation
# not called and document fault. Exits 1 when a target is missed.
#
# Then the coverage, per document and in total: what the requests of both passes carried of what
# the operations counted declare (scripts/oracle/coverage.py names each item): `parameters sent
# N/M, body properties sent N/M, nulls sent N/M, free-form bodies sent with keys N/M, readOnly sent
# K`, what was never sent (a few a document, with the count of the rest) and every readOnly
# property sent. The oracle refuses a request that sends a readOnly property (597), so the gates
# on invalid requests count it too.
#
#   scripts/contract-corpus.sh [CORPUS_DIR] [NAME_FILTER]
#
# CORPUS_DIR defaults to ../shared/corpus beside the package; NAME_FILTER (a grep pattern) keeps
# only the documents whose file names match it. CONTRACT_TIMEOUT (seconds, default 1800) limits
# each pass of a document; CONTRACT_RUN names the driver script (default scripts/contract-run.sh);
# CONTRACT_GATE=report prints the same figures but exits 1 only when no document could be checked;
# CONTRACT_GATE=every exits 1 on any operation not called, invalid request or answer not decoded;
# CONTRACT_CLEAN (a grep pattern) names documents that must have none of those whatever the gate.
# Coverage is no target unless CONTRACT_COVERAGE=every: then the check exits 1 as well unless every
# parameter, body property and null was sent and no readOnly property was.
# CONTRACT_DATA names the file the report is written to as well (default: a new dated file,
# Benchmarks/data/contract-DATE.md, never an existing one; CONTRACT_DATA=none: no file).
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=$(cd "${1:-$here/../shared/corpus}" && pwd) || exit 1
filter=${2:-.}
limit=${CONTRACT_TIMEOUT:-1800}
run=${CONTRACT_RUN:-$here/scripts/contract-run.sh}
source "$here/Benchmarks/data.sh"
data_start contract md "${CONTRACT_DATA:-}" \
    "$(for name in CONTRACT_GATE CONTRACT_COVERAGE CONTRACT_CLEAN CONTRACT_TIMEOUT CONTRACT_RUN; do
        [ -n "${!name:-}" ] && printf "%s='%s' " "$name" "${!name}"; done)bash scripts/contract-corpus.sh $*"
cd "$here"
python=$(bash scripts/oracle/setup.sh) || exit 1
# strategy-gen and the runtime, built once for every document's driver.
if [ -z "${CONTRACT_BIN:-}" ]; then
    swift build --product strategy-gen > /dev/null && swift build --target StrategyKit > /dev/null || {
        echo "contract-corpus: the build failed" >&2
        exit 1
    }
    CONTRACT_BIN=$(swift build --show-bin-path)
    export CONTRACT_BIN
fi
work=$(mktemp -d)
oracle_pid=
cleanup() {
    [ -n "$oracle_pid" ] && kill "$oracle_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# Starts the oracle on a free port; sets oracle_pid and url, or returns 1.
start_oracle() { # document log [options...]
    local document=$1 log=$2; shift 2
    local out="$log.stdout"
    "$python" scripts/oracle/oracle.py "$document" --log "$log" --idle-timeout 600 "$@" > "$out" 2> "$log.stderr" &
    oracle_pid=$!
    url=
    for _ in $(seq 600); do
        url=$(head -1 "$out" 2>/dev/null | sed -n 's/^oracle listening on //p')
        [ -n "$url" ] && return 0
        kill -0 "$oracle_pid" 2>/dev/null || break
        sleep 0.1
    done
    stop_oracle
    return 1
}

stop_oracle() {
    if [ -n "$oracle_pid" ]; then
        kill "$oracle_pid" 2>/dev/null
        wait "$oracle_pid" 2>/dev/null
        oracle_pid=
    fi
}

is_openapi3() {
    "$python" -c 'import sys; sys.path.insert(0, "scripts/oracle")
from document import read_file, openapi_version
try:
    sys.exit(0 if openapi_version(read_file(sys.argv[1])) else 1)
except Exception:
    sys.exit(1)' "$1"
}

for document in $(find "$corpus/openapi" -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) | sort | grep -E "$filter"); do
    name=$(basename "$document")
    if ! is_openapi3 "$document"; then
        echo "skipped $name: not an OpenAPI 3.x document"
        continue
    fi
    folder="$work/$name"
    mkdir -p "$folder"
    echo "$document" > "$folder/document"
    driver="$folder/driver"
    started=$(date +%s)
    for pass in success errors; do
        # Both passes keep the values they draw in one file, so the second draws only what the
        # first didn't need.
        options=(--values "$folder/values.jsonl")
        [ "$pass" = errors ] && options+=(--errors-only)
        driver_options=(--keep-driver "$driver")
        if [ "$pass" = errors ]; then
            if [ ! -x "$driver" ]; then
                echo "the error pass didn't run: no driver was built" >> "$folder/problem"
                break
            fi
            driver_options=(--driver "$driver" --errors-only)
        fi
        if ! start_oracle "$document" "$folder/$pass.log" "${options[@]}"; then
            echo "the oracle didn't start ($pass pass): $(tail -3 "$folder/$pass.log.stderr" | tr '\n' ' ')" >> "$folder/problem"
            break
        fi
        timeout -k 10 "$limit" bash "$run" "$document" --base-url "$url" "${driver_options[@]}" \
            > "$folder/$pass.out" 2> "$folder/$pass.err"
        rc=$?
        echo "$rc" > "$folder/$pass.rc"
        stop_oracle
        if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
            echo "the $pass pass timed out after ${limit}s" >> "$folder/problem"
        elif ! grep -qE ' (decoded|decode-failed|not-called)' "$folder/$pass.out"; then
            echo "the $pass pass printed no operation (exit $rc): $(tail -5 "$folder/$pass.err" | tr '\n' ' ')" >> "$folder/problem"
            [ "$pass" = success ] && break
        fi
    done
    echo "checked $name in $(( $(date +%s) - started ))s"
done
echo
"$python" scripts/oracle/contract_report.py "$work" | tee "$work/report"
status=${PIPESTATUS[0]}
# CONTRACT_CLEAN (a grep pattern of file names): documents that must have no fault at all, so
# that what was fixed stays fixed while the corpus as a whole misses its targets.
if [ -n "${CONTRACT_CLEAN:-}" ]; then
    # The indented lines under each of these titles, up to the next title.
    regressed=$(awk '/^[^ ]/ { faulty = /^(documents not checked|invalid requests|decode failures|operations not called) \(/ }
                     faulty && /^    [^:]+:/ { sub(/^    /, ""); sub(/:.*/, ""); print }' "$work/report" \
        | grep -E "$CONTRACT_CLEAN" | sort -u)
    if [ -n "$regressed" ]; then
        echo "error: documents that were clean have faults: $(echo $regressed)" >&2
        status=1
    fi
fi
{
    echo "The OpenAPI 3.x documents of \`$corpus/openapi\`${2:+ matching \`$filter\`}, $limit s a pass."
    echo
    echo '```text'
    cat "$work/report"
    echo '```'
    if [ -n "${regressed:-}" ]; then
        echo
        echo "Documents that were clean and have faults: $(echo $regressed)."
    fi
} | data_write "The contract check against the oracle"
exit "$status"
