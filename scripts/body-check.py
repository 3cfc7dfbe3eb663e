#!/usr/bin/env python3
"""Which request bodies a generated client drops or sends empty without a warning.

    scripts/body-check.py DOCUMENT GENERATED_DIR LOG

Reads the OpenAPI 3.x or Swagger 2.0 DOCUMENT on its own and lists the operations whose request
body can carry something: a body (3.x `requestBody`, 2.0 `in: body`) whose schema isn't an
object that allows no key (no properties and `additionalProperties: false`). Then reads the
strategy the generator wrote for each (`*.Strategies*.swift` in GENERATED_DIR, found by the
route its doc comment ends with): the body is dropped when its endpoint sends none, and emptied
when it sends `RequestBody.jsonObject { _ in }` (a form of a GET, HEAD or DELETE, which has no
body, goes in the query instead). A body the generator warned of (a warning in
LOG, the generator's output, whose JSON pointer names the operation) is counted apart. Prints

    request bodies N, dropped or emptied K, of them with a warning W

and then each of the K without a warning. Exits 0 (the figures are the output).
"""
import sys

from generated_strategies import owned, read_file, resolve, strategies

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def holds_nothing(document, schema):
    schema = resolve(document, schema)
    return (schema.get("type") == "object" and not schema.get("properties") and schema.get("additionalProperties") is False
            and not any(k in schema for k in ("allOf", "oneOf", "anyOf")))


def bodies(document):
    """[(METHOD, path, pointer)] of the operations whose body can carry something."""
    found = []
    for path, item in (document.get("paths") or {}).items():
        item = resolve(document, item)
        for method in METHODS:
            operation = item.get(method)
            if not isinstance(operation, dict):
                continue
            pointer = "/paths/%s/%s" % (path.replace("~", "~0").replace("/", "~1"), method)
            body = resolve(document, operation.get("requestBody"))
            schemas = [c.get("schema") for c in (body.get("content") or {}).values() if isinstance(c, dict)]
            parameters = [resolve(document, p) for p in (item.get("parameters") or []) + (operation.get("parameters") or [])]
            schemas += [p.get("schema") for p in parameters if p.get("in") == "body"]
            if schemas and not all(holds_nothing(document, s) for s in schemas):
                found.append((method.upper(), path, pointer))
    return found


def main(document_path, folder, log_path):
    document = read_file(document_path)
    with open(log_path, encoding="utf-8", errors="replace") as f:
        warned = [line for line in f if "warning:" in line]
    routes = {(method, path): code for method, path, code in strategies(folder).values()}
    declared = bodies(document)
    faulty, excused = [], 0
    for method, path, pointer in declared:
        # The client's strategy for the document's operation (`owned` reads the other way round).
        code = next((c for (m, p), c in routes.items() if owned({(method, path): True}, m, p)), None)
        if code is None:
            continue  # left out of the client, with its own diagnostic
        endpoint = code[code.find("func endpoint"):]
        if "body:" in endpoint and "jsonObject { _ in }" not in endpoint:
            continue
        if method in ("GET", "HEAD", "DELETE") and "query:" in endpoint:
            continue  # a form on a request without a body goes in the query
        if any("(#" + pointer in line or "(#" + pointer + "/" in line for line in warned):
            excused += 1
        else:
            faulty.append("%s %s" % (method, path))
    print(f"request bodies {len(declared)}, dropped or emptied {len(faulty) + excused}, of them with a warning {excused}")
    for line in faulty:
        print("  " + line)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__.split("\n\n")[1])
    main(*sys.argv[1:])
