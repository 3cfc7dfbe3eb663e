#!/usr/bin/env python3
"""Prints what an imported document kept: one line of counts, for scripts/import-corpus.sh.

    corpus-fidelity.py DOCUMENT GENERATED_DIR IMPORT_LOG

operations and strategies; what the importer left out, by kind (operations, parameters,
properties, union members, schemas imported without fields, responses returning nothing,
unresolved references), against the document's operations, parameters, properties and union
members; raw `Data` bodies; the response examples given and carried into the stubs; and the
generated top-level types, those with the declaration of another under another name, and those
nothing else in the generated code names.
"""
import glob, json, re, sys

def load(path):
    text = open(path, encoding="utf-8").read()
    if path.endswith(".json"):
        return json.loads(text)
    from ruamel.yaml import YAML
    yaml = YAML(typ="safe", pure=True)
    return yaml.load(text)

METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}

def walk(node, visit):
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, dict):
            visit(current)
            stack.extend(current.values())
        elif isinstance(current, list):
            stack.extend(current)

def main(document, generated, log):
    doc = load(document)

    def resolved(node):
        for _ in range(32):
            if not (isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/")):
                return node
            target = doc
            for token in node["$ref"][2:].split("/"):
                token = token.replace("~1", "/").replace("~0", "~")
                target = target.get(token) if isinstance(target, dict) else None
            node = target
        return node

    operations = parameters = examples = 0
    for item in (doc.get("paths") or {}).values():
        if not isinstance(item, dict):
            continue
        shared = len(item.get("parameters") or [])
        for method, operation in item.items():
            if method not in METHODS or not isinstance(operation, dict):
                continue
            operations += 1
            parameters += shared + len(operation.get("parameters") or [])
            responses = operation.get("responses") or {}
            for code, response in sorted(responses.items(), key=lambda pair: str(pair[0])):
                response = resolved(response)
                if not str(code).startswith("2") or not isinstance(response, dict):
                    continue
                has = "examples" in response or any(
                    isinstance(media, dict) and ("example" in media or "examples" in media
                        or isinstance(resolved(media.get("schema")), dict) and "example" in resolved(media.get("schema")))
                    for media in (response.get("content") or {}).values())
                examples += 1 if has else 0
                break
    counts = {"properties": 0, "members": 0}
    def visit(node):
        if isinstance(node.get("properties"), dict):
            counts["properties"] += len(node["properties"])
        for key in ("oneOf", "anyOf"):
            if isinstance(node.get(key), list):
                counts["members"] += len(node[key])
    walk(doc, visit)

    warnings = [line for line in open(log, encoding="utf-8", errors="replace") if ": warning: " in line]
    kinds = {
        "operations": r"the operation is left out|operation '[^']*' is left out",
        "parameters": r"parameter '[^']*'.*(it is|parameter '[^']*' is) left out",
        "properties": r"property '[^']*'.*left out",
        "members": r"member \d+ of|a member of '[^']*' is left out",
        "without fields": r"imported without fields",
        "returns nothing": r"returns nothing",
        "unresolved": r"is not read|names nothing|can't be read|refers to itself",
        "examples": r"the example of operation",
    }
    dropped = {kind: sum(1 for line in warnings if re.search(pattern, line)) for kind, pattern in kinds.items()}
    code = "".join(open(path, encoding="utf-8").read() for path in glob.glob(f"{generated}/*.swift"))
    strategies = len(re.findall(r"^public struct \w+: (?:Strategy|PaginatedStrategy|StreamingStrategy)\b", code, re.M))
    raw = len(re.findall(r"^        public var body: Data$", code, re.M))
    stubbed = len(re.findall(r"^    public static let \w+ = \"\"\"$", code, re.M))
    types, duplicates, unused = declarations(generated)
    lost = sum(dropped[k] for k in ("operations", "parameters", "properties", "members", "without fields", "returns nothing", "unresolved"))
    whole = operations + parameters + counts["properties"] + counts["members"]
    share = 100.0 * lost / whole if whole else 0.0
    left = ", ".join(f"{count} {kind}" for kind, count in dropped.items() if count and kind != "examples") or "nothing"
    print(f"{operations} operations, {strategies} strategies; left out: {left} ({share:.2f}% of {whole}); "
          f"{raw} raw bodies; examples {stubbed}/{examples} stubbed; "
          f"{types} types, {duplicates} duplicate, {unused} unused")
    print(f"FIDELITY {operations} {strategies} {lost} {whole} {raw} {stubbed} {examples} {types} {duplicates} {unused}", file=sys.stderr)

def declarations(generated):
    """The generated files' top-level types: how many; how many have the declaration of an
    earlier one under another name; how many nothing else in the generated code names."""
    blocks = {}
    texts = {path: open(path, encoding="utf-8").read() for path in sorted(glob.glob(f"{generated}/*.swift"))}
    for text in texts.values():
        lines = text.split("\n")
        index = 0
        while index < len(lines):
            match = re.match(r"^(?:@\w+(?:\([^)]*\))? )*public (?:final |indirect )?(?:struct|enum|class|protocol|actor) (\w+)", lines[index])
            if not match:
                index += 1
                continue
            start, end = index, index
            # The declaration's doc comment and attributes are part of it.
            while start > 0 and (lines[start - 1].startswith("///") or lines[start - 1].startswith("@")):
                start -= 1
            while end < len(lines) and lines[end] != "}":
                end += 1
            blocks[match.group(1)] = "\n".join(lines[start:end + 1])
            index = end + 1
    seen, duplicates = set(), 0
    for name, block in blocks.items():
        shape = re.sub(rf"\b{re.escape(name)}\b", "Self_", block)
        duplicates += shape in seen
        seen.add(shape)
    everything = "\n".join(texts.values())
    unused = 0
    for name, block in blocks.items():
        if len(re.findall(rf"\b{re.escape(name)}\b", everything)) <= len(re.findall(rf"\b{re.escape(name)}\b", block)):
            unused += 1
    return len(blocks), duplicates, unused

if __name__ == "__main__":
    main(*sys.argv[1:4])
