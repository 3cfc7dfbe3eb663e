#!/usr/bin/env python3
"""Checks that the generator's stages depend one way: no stage's code names a type declared in
a later stage. Prints each such use as `path:line: error: ...` and fails if there is any.

The stages, in the order data flows through them (CONTRIBUTING.md, "The generator's stages"):
the shared vocabulary every stage reads, then load, import, validation, the code model and the
renderer, then the pipeline that runs them. A type belongs to the stage whose folder declares it
at the top level of a file; a stage may name its own types and those of earlier stages.

usage: scripts/check-stages.py [PACKAGE_ROOT]
"""
import pathlib
import re
import sys

# Each stage: its name and the folders (or files) under Sources/StrategyGenerator that hold it.
STAGES = [
    ("vocabulary", ["Spec", "Diagnostics", "Naming", "Config"]),
    ("load", ["Loader"]),
    ("import", ["OpenAPI"]),
    ("validation", ["Validation"]),
    ("code model", ["CodeModel"]),
    ("rendering", ["Rendering"]),
    ("pipeline", ["GeneratorPipeline.swift", "OutputWriter.swift"]),
]

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*"
    r"(?:struct|enum|class|protocol|typealias|actor)\s+([A-Za-z_]\w*)",
    re.MULTILINE,
)
MULTILINE_STRING = re.compile(r'"""[\s\S]*?"""')
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
COMMENT = re.compile(r"//.*$|/\*[\s\S]*?\*/", re.MULTILINE)


def code_of(text):
    """The text with comments and string literals blanked, lines kept where they were."""
    def blank(match):
        return re.sub(r"[^\n]", " ", match.group(0))
    text = MULTILINE_STRING.sub(blank, text)
    text = STRING.sub(blank, text)
    return COMMENT.sub(blank, text)


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    sources = root / "Sources" / "StrategyGenerator"
    files = {}  # stage index -> [path]
    for index, (_, parts) in enumerate(STAGES):
        for part in parts:
            path = sources / part
            files.setdefault(index, []).extend(sorted(path.rglob("*.swift")) if path.is_dir() else [path] if path.exists() else [])
    placed = {path for paths in files.values() for path in paths}
    strays = sorted(p for p in sources.rglob("*.swift") if p not in placed)
    if strays:
        for path in strays:
            print(f"{path.relative_to(root)}:1: error: this file is in no stage; add its folder to STAGES in scripts/check-stages.py")
        return 1
    code = {path: code_of(path.read_text(encoding="utf-8")) for paths in files.values() for path in paths}
    declared = {}  # type name -> earliest stage declaring it
    for index, paths in files.items():
        for path in paths:
            for name in DECLARATION.findall(code[path]):
                declared.setdefault(name, index)
    # A name some stage declares at the top level belongs to the earliest such stage.
    failures = 0
    for index, paths in files.items():
        later = {name: stage for name, stage in declared.items() if stage > index}
        if not later:
            continue
        # A name after a dot is a member or another module's type (`Yams.Resolver`), not ours.
        pattern = re.compile(r"(?<![\w.])(" + "|".join(sorted(map(re.escape, later), key=len, reverse=True)) + r")(?!\w)")
        for path in paths:
            for number, line in enumerate(code[path].split("\n"), start=1):
                for match in pattern.finditer(line):
                    name = match.group(1)
                    stage = STAGES[later[name]][0]
                    print(f"{path.relative_to(root)}:{number}: error: the {STAGES[index][0]} stage names '{name}' of the {stage} stage, which runs after it")
                    failures += 1
    if failures:
        print(f"{failures} use{'s' if failures != 1 else ''} of a later stage's types; a stage may name only its own and earlier stages' types (CONTRIBUTING.md)")
        return 1
    print("stages: " + " → ".join(name for name, _ in STAGES) + "; each names only its own and earlier stages' types")
    return 0


if __name__ == "__main__":
    sys.exit(main())
