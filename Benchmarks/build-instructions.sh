#!/usr/bin/env bash
# The work of a debug build of generated code, counted in instructions: a figure that repeats to
# a fraction of a percent from run to run, where build times on a shared machine move by 5-10%.
#
#   Benchmarks/build-instructions.sh FOLDER [MODULES]
#
# Builds the Swift files of FOLDER as build-cost.sh and compare.sh build a client (swiftc -Onone -g
# -enable-testing -emit-module -c -j2 -enable-batch-mode), against the runtime's modules in MODULES
# (default: this package's debug build folder). The driver's jobs (`swiftc -###`) are run one at a
# time under `valgrind --tool=callgrind`; printed: each job's instructions, then their total.
# Takes about 50 times as long as the build. Needs valgrind.
#   WORK  keep the objects and callgrind's profiles in this folder (for callgrind_annotate)
set -euo pipefail
export LC_ALL=C

[ $# -ge 1 ] && [ $# -le 2 ] || { sed -n '2,12p' "$0" >&2; exit 64; }
command -v valgrind > /dev/null || { echo "error: valgrind is not installed" >&2; exit 1; }
here=$(cd "$(dirname "$0")/.." && pwd)
folder=$(cd "$1" && pwd)
modules=${2:-$(cd "$here" && swift build --show-bin-path)}
work=${WORK:-$(mktemp -d)}
mkdir -p "$work/objects"
[ -z "${WORK:-}" ] && trap 'rm -rf "$work"' EXIT

source "$here/Benchmarks/client-build.sh"
client_build "$modules" "$folder"
cd "$work/objects"
"${client_build_command[@]}" -### > "$work/jobs.txt"

total=0 n=0
while IFS= read -r job; do
    case $job in *swift-frontend*) ;; *) continue ;; esac
    n=$((n + 1))
    eval "valgrind --tool=callgrind --callgrind-out-file=\"$work/job-$n.callgrind\" $job" > "$work/job-$n.log" 2>&1 \
        || { cat "$work/job-$n.log" >&2; exit 1; }
    count=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/job-$n.log")
    kind=$(sed -E 's/.*swift-frontend (-frontend )?(-[a-z-]+).*/\2/' <<< "$job")
    printf 'job %d (%s): %d million instructions\n' "$n" "$kind" $((count / 1000000))
    total=$((total + count))
done < "$work/jobs.txt"
printf 'total: %d million instructions in %d jobs\n' $((total / 1000000)) "$n"
