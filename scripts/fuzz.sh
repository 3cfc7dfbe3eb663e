#!/usr/bin/env bash
# Fuzzes the generator and prints what it found:
#
#   scripts/fuzz.sh [-t SECONDS | -r RUNS] [-m MUTANTS] [-c COMPILES] [-s SEED] [-C CORPUS] [-o OUT] [-O]
#
#   -t SECONDS  run for this long (default 60): nine tenths libFuzzer, one tenth the mutation driver
#   -r RUNS     run libFuzzer for RUNS inputs instead (and the mutation driver for MUTANTS)
#   -m MUTANTS  mutants for the mutation driver with -r (default RUNS / 100, at least 50)
#   -c COMPILES accepted mutants whose generated code is type-checked (default 10 with -r;
#               with -t, one in ten accepted mutants)
#   -s SEED     the seed of both (default: random); a fixed seed and a fresh corpus repeat a run
#   -C CORPUS   libFuzzer's corpus folder (default OUT/corpus, kept between runs)
#   -o OUT      the folder of the fuzzer binary, logs and findings (default .build/fuzz)
#   -O          build the fuzzer optimized: slower to build, about three times the inputs a second
#
# libFuzzer (OUT/strategy-fuzz, built by scripts/build-fuzzer.sh when a source is newer)
# loads, validates and generates the code of each input in-process, seeded from specs/ and
# specs/bad/; it is restarted after each crash or hang until its time or runs are used up. The
# mutation driver (scripts/fuzz-mutate.py) runs the built strategy-gen on mutated specs and
# type-checks the code of a sample of the accepted ones against StrategyKit.
# Crashes, hangs and specs whose code didn't compile are kept in OUT/findings.
# Exit status: 0 nothing found, 1 findings, 2 a build failed, 64 bad arguments.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60 runs= mutants= compiles= seed=$RANDOM corpus= optimize=
out=.build/fuzz
while getopts "t:r:m:c:s:C:o:O" option; do
    case $option in
        t) seconds=$OPTARG ;;
        r) runs=$OPTARG ;;
        m) mutants=$OPTARG ;;
        c) compiles=$OPTARG ;;
        s) seed=$OPTARG ;;
        C) corpus=$OPTARG ;;
        o) out=$OPTARG ;;
        O) optimize=-O ;;
        *) sed -n '2,22p' "$0" >&2; exit 64 ;;
    esac
done
corpus=${corpus:-$out/corpus}
findings=$out/findings
mkdir -p "$corpus" "$findings"
started=$SECONDS

swift build --product strategy-gen >"$out/build.log" 2>&1 || { cat "$out/build.log"; exit 2; }
swift build --target StrategyKit >>"$out/build.log" 2>&1 || { cat "$out/build.log"; exit 2; }
bin=$(swift build --show-bin-path)
if [ ! -x "$out/strategy-fuzz" ] || [ -n "$(find Sources/StrategyGenerator Fuzz scripts/build-fuzzer.sh -newer "$out/strategy-fuzz" -type f)" ]; then
    mkdir -p "$out"
    bash scripts/build-fuzzer.sh $optimize "$out" >"$out/build-fuzzer.log" 2>&1 || { cat "$out/build-fuzzer.log"; exit 2; }
fi
built=$SECONDS

# libFuzzer: restarted after each crash or hang until its time or runs are used up.
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
cp specs/*.yaml specs/bad/*.yaml "$seeds/"
if [ -n "$runs" ]; then
    limit() { echo "-runs=$((runs - executed_total))"; }
    more() { [ "$executed_total" -lt "$runs" ]; }
else
    deadline=$((SECONDS + seconds * 9 / 10))
    limit() { echo "-max_total_time=$((deadline - SECONDS))"; }
    more() { [ $SECONDS -lt "$deadline" ]; }
fi
executed_total=0 crashes=0 hangs=0 round=0
while more; do
    round=$((round + 1))
    log="$out/libfuzzer-$round.log"
    STRATEGY_FUZZ_GENERATE=1 "$out/strategy-fuzz" -seed=$((seed + round)) "$(limit)" -timeout=5 \
        -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 -artifact_prefix="$findings/" \
        "$corpus" "$seeds" >"$log" 2>&1 || true
    executed=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$' || true)
    if [ -z "$executed" ]; then
        # A crash ends the process before the final statistics; its last status line has the count.
        executed=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
    fi
    executed_total=$((executed_total + ${executed:-0}))
    if grep -q 'ERROR: libFuzzer: timeout\|ERROR: libFuzzer: out-of-memory' "$log"; then
        hangs=$((hangs + 1))
    elif grep -q 'ERROR: AddressSanitizer\|ERROR: libFuzzer\|Fatal error\|SUMMARY:' "$log"; then
        crashes=$((crashes + 1))
    elif [ -z "$executed" ]; then
        cat "$log" >&2
        exit 2
    fi
done
echo "libFuzzer: inputs $executed_total, crashes $crashes, hangs $hangs, seed $seed, $((SECONDS - built)) s"

mutate=(python3 scripts/fuzz-mutate.py --seed "$seed")
if [ -n "$runs" ]; then
    mutate+=(--runs "${mutants:-$(( runs / 100 > 50 ? runs / 100 : 50 ))}" --compiles "${compiles:-10}")
else
    mutate+=(--seconds $((seconds - seconds * 9 / 10)))
    [ -n "$compiles" ] && mutate+=(--compiles "$compiles")
fi
"${mutate[@]}" "$bin/strategy-gen" "$bin/Modules" "$findings" | tee "$out/mutate.log"

mutated=$(grep -oE 'inputs [0-9]+' "$out/mutate.log" | grep -oE '[0-9]+')
mutant_crashes=$(grep -oE 'crashes [0-9]+' "$out/mutate.log" | grep -oE '[0-9]+')
mutant_hangs=$(grep -oE 'hangs [0-9]+' "$out/mutate.log" | grep -oE '[0-9]+')
not_compiled=$(grep -oE 'not compiled [0-9]+' "$out/mutate.log" | grep -oE '[0-9]+')
malformed=$(grep -oE 'malformed [0-9]+' "$out/mutate.log" | grep -oE '[0-9]+')
echo "total: inputs $((executed_total + mutated)), crashes $((crashes + mutant_crashes)), hangs $((hangs + mutant_hangs)), accepted but not compiled $not_compiled, malformed diagnostics $malformed, $((SECONDS - started)) s"

if [ $((crashes + hangs + mutant_crashes + mutant_hangs + not_compiled + malformed)) -gt 0 ]; then
    echo "findings in $findings"
    exit 1
fi
