#!/usr/bin/env bash
# Fuzzes the generator for SECONDS (default 60) and prints what it found:
#   scripts/fuzz.sh SECONDS [SEED]
# Half the time goes to libFuzzer over the loader and validator (.build/fuzz/strategy-fuzz, built
# by scripts/build-fuzzer.sh; corpus seeded from specs/ and specs/bad/, kept in .build/fuzz/corpus),
# half to the mutation driver (scripts/fuzz-mutate.py), which runs the built strategy-gen on
# mutated specs and type-checks a sample of the accepted ones' code against StrategyKit.
# Crashes, hangs and non-compiling specs are kept in .build/fuzz/findings. Exit status 1 if any.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
seed=${2:-$RANDOM}
out=.build/fuzz
findings=$out/findings
mkdir -p "$out/corpus" "$findings"

swift build --product strategy-gen >"$out/build.log" 2>&1 || { cat "$out/build.log"; exit 2; }
swift build --target StrategyKit >>"$out/build.log" 2>&1 || { cat "$out/build.log"; exit 2; }
bin=$(swift build --show-bin-path)
[ -x "$out/strategy-fuzz" ] && [ -z "$(find Sources/StrategyGenerator Fuzz -newer "$out/strategy-fuzz" -name '*.swift')" ] \
    || bash scripts/build-fuzzer.sh >"$out/build-fuzzer.log" 2>&1 || { cat "$out/build-fuzzer.log"; exit 2; }

# libFuzzer: restarted after each crash or hang until its time is used up.
seeds=$(mktemp -d)
cp specs/*.yaml specs/bad/*.yaml "$seeds/"
fuzz_seconds=$((seconds / 2))
deadline=$((SECONDS + fuzz_seconds))
runs=0 crashes=0 hangs=0 round=0
while [ $SECONDS -lt $deadline ]; do
    round=$((round + 1))
    log="$out/libfuzzer-$round.log"
    "$out/strategy-fuzz" -seed=$((seed + round)) -max_total_time=$((deadline - SECONDS)) -timeout=5 \
        -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 -artifact_prefix="$findings/" \
        "$out/corpus" "$seeds" >"$log" 2>&1 || true
    executed=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    runs=$((runs + executed))
    if grep -q 'ERROR: libFuzzer: timeout\|ERROR: libFuzzer: out-of-memory' "$log"; then
        hangs=$((hangs + 1))
    elif grep -q 'ERROR: AddressSanitizer\|ERROR: libFuzzer\|Fatal error\|SUMMARY:' "$log"; then
        crashes=$((crashes + 1))
    fi
done
rm -rf "$seeds"
echo "libFuzzer: inputs $runs, crashes $crashes, hangs $hangs (seed $seed)"

python3 scripts/fuzz-mutate.py $((seconds - fuzz_seconds)) "$seed" "$bin/strategy-gen" "$bin/Modules" "$findings" | tee "$out/mutate.log"

if [ $crashes -gt 0 ] || [ $hangs -gt 0 ] || grep -qE 'crashes [1-9]|hangs [1-9]|malformed [1-9]|not compiled [1-9]' "$out/mutate.log"; then
    echo "findings in $findings"
    exit 1
fi
