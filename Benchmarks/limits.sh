#!/usr/bin/env bash
# Times `strategy-gen validate` on hostile specs that trip the loader's limits (an alias bomb,
# deep nesting, a document over the limit, a long value that is read, a huge misspelt type name) and prints,
# for each, the seconds it took, its exit status and its first diagnostic. The unit tests check
# the diagnostics; this prints how fast they come.
#
#   Benchmarks/limits.sh [-c debug|release] [-o DATA]
#
# -o writes the table to DATA too (default: a new dated file, Benchmarks/data/limits-DATE.md,
# never an existing one; -o none: no file).
set -euo pipefail

configuration=debug data_option=
command="bash Benchmarks/limits.sh $*"
while getopts "c:o:" option; do
    case $option in
        c) configuration=$OPTARG ;;
        o) data_option=$OPTARG ;;
        *) sed -n '2,10p' "$0" >&2; exit 64 ;;
    esac
done
here=$(cd "$(dirname "$0")/.." && pwd)
source "$here/Benchmarks/data.sh"
data_start limits md "$data_option" "$command"
cd "$here"
swift build -c "$configuration" --product strategy-gen >/dev/null 2>&1 || swift build -c "$configuration" --product strategy-gen
gen="$(swift build -c "$configuration" --show-bin-path)/strategy-gen"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import sys, os
out = sys.argv[1]
header = "api: Users\nservers:\n  production: https://api.example.com\n"
def write(name, text):
    with open(os.path.join(out, name + ".yaml"), "w") as f:
        f.write(text)
bomb = header + 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
for level, previous in zip("bcdefghijklmnopq", "abcdefghijklmnop"):
    bomb += f"{level}: &{level} [" + ",".join([f"*{previous}"] * 9) + "]\n"
write("alias-bomb", bomb)
write("deep-flow-70000", header + "models:\n  Deep: " + "[" * 70000 + "]" * 70000 + "\n")
write("deep-mapping-70000", header + "models:\n  Deep: " + "{a: " * 70000 + "1" + "}" * 70000 + "\n")
write("deep-block-300", header + "models:\n  Deep:\n" + "".join(" " * (i + 4) + "- x:\n" for i in range(300)))
write("document-17MiB", header + "doc: " + "x" * (16 * 1024 * 1024) + "\n")
write("value-1MiB", header + "models:\n  User:\n    doc: " + "x" * (1024 * 1024) + "\n    fields: { id: Int }\n")
models = "".join(f"  Model{i}{'x' * 900}: {{ id: Int }}\n" for i in range(200))
write("type-name-60kB", header + "models:\n" + models + "strategies:\n  GetUser:\n    GET: /users\n    returns: " + "Usr" * 20000 + "\n")
PY

{
printf '%-20s %8s %5s  %s\n' spec seconds exit "first diagnostic (cut)"
for spec in "$work"/*.yaml; do
    name=$(basename "$spec" .yaml)
    start=$(date +%s.%N)
    status=0
    "$gen" validate "$spec" >"$work/out" 2>&1 || status=$?
    end=$(date +%s.%N)
    first=$(head -1 "$work/out" | sed "s|$work/||" | cut -c1-90)
    printf '%-20s %8.3f %5s  %s\n' "$name" "$(echo "$end - $start" | bc)" "$status" "$first"
done
} | tee "$work/table"
{
    echo "\`strategy-gen validate\` on each spec, $configuration build."
    echo
    echo '```text'
    cat "$work/table"
    echo '```'
} | data_write "The time to refuse hostile specs"
