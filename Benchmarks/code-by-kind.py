#!/usr/bin/env python3
"""What the machine code of a generated client is made of: the size of its functions by kind,
read from the object files of a build (`compare.sh` keeps them in WORK/out/N-SIDE.objects).

    Benchmarks/code-by-kind.py OBJECTS_DIR [OBJECTS_DIR ...]

A debug build spends most of its time in LLVM, whose work grows with the code it emits, so the
kinds that hold the most bytes are the ones that cost the most to build. Kinds: the value
witnesses of each type (copy, assign, destroy, enum tags), decoding (`init(from:)`), encoding
(`encode(to:)`), the requests (`endpoint(for:)`), property accessors, initializers, protocol
witnesses and tables, type metadata, async functions (a client's methods) and the rest.
"""
import collections
import glob
import os
import re
import subprocess
import sys

VALUE_WITNESSES = re.compile(
    r"^(initializeWithCopy|initializeWithTake|assignWithCopy|assignWithTake|destroy|"
    r"initializeBufferWithCopyOfBuffer|getEnumTagSinglePayload|storeEnumTagSinglePayload) for ")


# An async function's entry and its partial functions (`TQn_`, `TYn_`): `Ya` in the signature.
ASYNC = re.compile(r"Ya\w*F(TQ\d+_|TY\d+_)?$")


def kind(name, mangled=""):
    if VALUE_WITNESSES.match(name): return "value witnesses"
    if ASYNC.search(mangled): return "async functions"
    if name.startswith("outlined"): return "outlined copies"
    if name.startswith("protocol witness"): return "protocol witnesses"
    if "init(from:" in name: return "decoding, init(from:)"
    if "encode(to:" in name: return "encoding, encode(to:)"
    if "endpoint(for:" in name: return "requests, endpoint(for:)"
    if re.search(r"\b(getter|setter|modify|unsafeMutableAddressor)\b", name): return "accessors"
    if "variable initialization" in name: return "initial values of properties"
    if "witness table" in name or "associated type" in name: return "witness table accessors"
    if "metadata" in name: return "metadata"
    if re.search(r"\binit\(", name): return "initializers"
    return "other"


def main(folders):
    for folder in folders:
        objects = sorted(o for o in glob.glob(os.path.join(folder, "*.o")) if not os.path.basename(o).startswith("Generated"))
        listing = subprocess.run(["nm", "-S", *objects], capture_output=True, text=True).stdout.splitlines()
        symbols = [line.split() for line in listing]
        symbols = [(int(s[1], 16), s[3]) for s in symbols if len(s) == 4 and s[2] in "tT"]
        names = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(n for _, n in symbols),
                               capture_output=True, text=True).stdout.splitlines()
        sizes, counts = collections.Counter(), collections.Counter()
        for (size, mangled), name in zip(symbols, names):
            sizes[kind(name, mangled)] += size
            counts[kind(name, mangled)] += 1
        total = sum(sizes.values())
        print(f"{folder}: {total:,} bytes in {sum(counts.values()):,} functions")
        for name, size in sizes.most_common():
            print(f"  {size:>10,} {100 * size / total:5.1f}% {counts[name]:>7,}  {name}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
