#!/usr/bin/env bash
# Times strategy-gen importing OpenAPI documents and prints its generation time, peak memory and
# lines generated: a synthetic document of N operations (Benchmarks/make-openapi-doc.py) and every
# document given, such as the largest of a corpus. Release build unless CONFIGURATION says debug.
#
#   Benchmarks/openapi-import.sh [-n N] [DOCUMENT ...]
#
# Example: Benchmarks/openapi-import.sh -n 5000 ../shared/corpus/openapi/box.openapi.json
set -euo pipefail
n=5000
while getopts "n:" option; do
    case $option in
        n) n=$OPTARG ;;
        *) sed -n '2,8p' "$0" >&2; exit 64 ;;
    esac
done
shift $((OPTIND - 1))
here=$(cd "$(dirname "$0")/.." && pwd)
configuration=${CONFIGURATION:-release}
(cd "$here" && swift build -c "$configuration" --product strategy-gen > /dev/null)
bin=$(cd "$here" && swift build -c "$configuration" --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/Benchmarks/make-openapi-doc.py" "$n" > "$work/synthetic-$n.json"

for document in "$work/synthetic-$n.json" "$@"; do
    out="$work/out"
    rm -rf "$out"
    /usr/bin/time -f "%e %M" -o "$work/time" "$bin/strategy-gen" generate "$document" --output "$out" --diagnostic-style plain > "$work/log" 2>&1 \
        || { cat "$work/log"; exit 1; }
    read -r seconds kilobytes < "$work/time"
    echo "$(basename "$document") ($(wc -c < "$document") bytes): ${seconds} s, peak memory $((kilobytes / 1024)) MB," \
        "$(cat "$out"/*.swift | wc -l) lines generated, $(grep -c 'warning:' "$work/log") warnings ($configuration build)"
done
