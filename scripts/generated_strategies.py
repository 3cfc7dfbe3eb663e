"""What scripts/deprecation-check.py and scripts/body-check.py both read: a document, through
the oracle's reader (scripts/oracle/document.py), its local `$ref`s, and the strategies a
generated client declares, each by the route its doc comment ends with (`/// \`GET /pets\``).
"""
import glob
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "oracle"))
from document import read_file  # noqa: E402,F401  (the documents' reader, re-exported)

ROUTE = re.compile(r"^/// `([A-Z]+) (/[^`]*)`$")
STRATEGY = re.compile(r"^(?:public |package )?struct (\w+): (?:\w+Strategy|Strategy)\b")


def resolve(document, node, seen=()):
    """The node a local `$ref` names, or the node itself; `{}` for a cycle or a dangling one."""
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/"):
        reference = node["$ref"]
        if reference in seen:
            return {}
        seen = seen + (reference,)
        target = document
        for part in reference[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            target = target.get(part) if isinstance(target, dict) else None
        node = target if isinstance(target, dict) else {}
    return node if isinstance(node, dict) else {}


def template(path):
    """A path with its placeholders unnamed: `/pets/{id}` → `/pets/{}`."""
    return re.sub(r"\{[^}]*\}", "{}", path)


def strategies(folder):
    """{strategy name: (METHOD, path, its declaration's text)} of the `*.Strategies*.swift` in `folder`."""
    found = {}
    for file in sorted(glob.glob(f"{folder}/*.Strategies*.swift")):
        with open(file, encoding="utf-8") as f:
            lines = f.read().split("\n")
        route = None
        for index, line in enumerate(lines):
            match, strategy = ROUTE.match(line), STRATEGY.match(line)
            if match:
                route = (match.group(1), match.group(2))
            elif strategy and route:
                end = next((i for i in range(index + 1, len(lines)) if lines[i] == "}"), len(lines))
                found[strategy.group(1)] = (route[0], route[1], "\n".join(lines[index:end]))
                route = None
            elif not line.startswith(("///", "@")):
                route = None
    return found


def owned(routes, method, path):
    """The values of `routes` ({(METHOD, document path): value}) whose route is the client's
    `method` and `path`; the client's path may carry a base path the document puts elsewhere."""
    return [value for (m, p), value in routes.items() if m == method and template(path).endswith(template(p).rstrip("/") or "/")]
