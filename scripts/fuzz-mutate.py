#!/usr/bin/env python3
"""Mutation driver: mutates the specs in specs/ and specs/bad/, runs `strategy-gen generate` on each
mutant, and type-checks a sample of the accepted mutants' code against the built StrategyKit.

    scripts/fuzz-mutate.py [--seconds S | --runs N] [--compiles N] --seed SEED STRATEGY_GEN MODULES_DIR OUT_DIR

Runs for S seconds or N mutants. Type-checks the code of the first N accepted mutants with
--compiles N, else of one accepted mutant in ten. Prints one line of figures: inputs, accepted,
rejected, crashes, hangs, malformed diagnostics, compiled, not compiled. Every crash, hang, malformed diagnostic and non-compiling mutant is
kept under OUT_DIR for triage.
"""
import argparse, os, random, re, shutil, subprocess, sys, tempfile, time

parser = argparse.ArgumentParser()
parser.add_argument("--seconds", type=float)
parser.add_argument("--runs", type=int)
parser.add_argument("--compiles", type=int)
parser.add_argument("--seed", type=int, required=True)
parser.add_argument("tool")
parser.add_argument("modules")
parser.add_argument("out")
arguments = parser.parse_args()
seconds, runs, compiles = arguments.seconds, arguments.runs, arguments.compiles
seed, tool, modules, out = arguments.seed, arguments.tool, arguments.modules, arguments.out
if seconds is None and runs is None:
    seconds = 60
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
rng = random.Random(seed)
seeds = []
for folder in ("specs", "specs/bad"):
    for name in sorted(os.listdir(os.path.join(root, folder))):
        if name.endswith(".yaml"):
            with open(os.path.join(root, folder, name), "rb") as f:
                data = f.read()
            if len(data) < 20000:
                seeds.append(data)

HOSTILE = [b"", b"_", b"self", b"Type", b"CodingKeys", b"init", b"Int64", b"1e19", b"1e400", b"-1", b"99999999999",
           b"0404", b"\"a\\nb\"", b"\"x\\r\"", b"\"\\u0000\"", b"'''q'''", b"\"\\\"\\\"\\\"\\\"\"", b"\"\xf0\x9f\x99\x82\"",
           b"\"\\u202e\"", b"{}", b"[]", b"\"{}\"", b"/%41", b"\"\xef\xbb\xbfx\"", b"container", b"encoder", b"body", b"_x",
           b"\"a b\"", b"\"x-y\"", b"true", b"null", b"~", b"0x10", b".inf", b"&a x", b"*a", b"!!str", b"[a, b]"]
TOKEN = re.compile(rb"[A-Za-z0-9_./{}%-]+")
# A diagnostic's line, or under a located one the line it points to and the caret under its column.
DIAGNOSTIC = re.compile(r"^(\S.*?:\d+:\d+: )?(error|warning|note): [^\n]*$|^out of date: .*$|^\d+ \|( .*)?$|^ +\| [ \t]*\^$")


def mutate(data):
    lines = data.split(b"\n")
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(7)
        index = rng.randrange(len(lines))
        line = lines[index]
        tokens = list(TOKEN.finditer(line))
        if kind <= 2 and tokens:
            token = rng.choice(tokens)
            lines[index] = line[:token.start()] + rng.choice(HOSTILE) + line[token.end():]
        elif kind == 3:
            lines.insert(rng.randrange(len(lines) + 1), lines[rng.randrange(len(lines))])
        elif kind == 4 and len(lines) > 1:
            del lines[index]
        elif kind == 5 and tokens:
            other = TOKEN.findall(rng.choice(seeds))
            if other:
                token = rng.choice(tokens)
                lines[index] = line[:token.start()] + rng.choice(other) + line[token.end():]
        elif kind == 6 and line:
            at = rng.randrange(len(line) + 1)
            lines[index] = line[:at] + bytes([rng.choice(b"{}[]:,#&*!|>'\"\\ -\t\r")]) + line[at:]
    return b"\n".join(lines)


counts = dict(inputs=0, accepted=0, rejected=0, crashes=0, hangs=0, malformed=0, compiled=0, not_compiled=0)
work = tempfile.mkdtemp(prefix="strategy-fuzz-")
os.makedirs(out, exist_ok=True)


def keep(kind, data, detail):
    path = os.path.join(out, f"{kind}-{seed}-{counts['inputs']}")
    with open(path + ".yaml", "wb") as f:
        f.write(data)
    with open(path + ".txt", "w") as f:
        f.write(detail)


deadline = time.monotonic() + seconds if seconds is not None else None
compile_every = 10


def more():
    if runs is not None and counts["inputs"] >= runs:
        return False
    return deadline is None or time.monotonic() < deadline


def should_compile():
    if compiles is not None:
        return counts["compiled"] + counts["not_compiled"] < compiles
    return counts["accepted"] % compile_every == 1


while more():
    data = mutate(rng.choice(seeds))
    counts["inputs"] += 1
    spec = os.path.join(work, "mutant.yaml")
    with open(spec, "wb") as f:
        f.write(data)
    output = os.path.join(work, "Generated")
    shutil.rmtree(output, ignore_errors=True)
    try:
        result = subprocess.run([tool, "generate", spec, "--output", output], capture_output=True, timeout=10)
    except subprocess.TimeoutExpired:
        counts["hangs"] += 1
        keep("hang", data, "timed out after 10 s")
        continue
    stderr = result.stderr.decode("utf-8", "replace")
    if result.returncode not in (0, 1):
        counts["crashes"] += 1
        keep("crash", data, f"exit {result.returncode}\n{stderr[-4000:]}")
        continue
    if any(line and not DIAGNOSTIC.match(line) for line in stderr.split("\n")):
        counts["malformed"] += 1
        keep("malformed", data, stderr[-4000:])
    if result.returncode == 1:
        counts["rejected"] += 1
        continue
    counts["accepted"] += 1
    if not should_compile():
        continue
    sources = [os.path.join(output, name) for name in sorted(os.listdir(output)) if name.endswith(".swift")]
    check = subprocess.run(["swiftc", "-swift-version", "6", "-typecheck", "-I", modules] + sources, capture_output=True, timeout=300)
    text = check.stderr.decode("utf-8", "replace")
    if check.returncode == 0 and "warning:" not in text:
        counts["compiled"] += 1
    else:
        counts["not_compiled"] += 1
        keep("not-compiled", data, text[-4000:])

shutil.rmtree(work, ignore_errors=True)
print("mutation driver: " + ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in counts.items()))
