#!/usr/bin/env python3
"""Writes a payments API's Swagger 2.0 document with each expandable id as the object it names.

Stripe's documents mark a field that holds an object's id, and may hold the object itself when
a request asks to expand it, with `x-expansionResources`. Its 2019 document declares such a
field a string; later ones declare it `anyOf: [string, the object]`, so that a charge holds its
customer, which holds its default source, and so on: models that nest large models inline,
many levels deep. This script gives the 2019 document that shape (each such field becomes a
reference to its object), as a document whose generated models nest deeply.

    Benchmarks/expand-references.py INPUT.yaml OUTPUT.yaml
"""
import sys

import yaml


def expand(node):
    """Replaces, under `node`, each string field with one expansion resource by a reference to it."""
    count = 0
    if isinstance(node, dict):
        for key, value in list(node.items()):
            if isinstance(value, dict) and value.get("type") == "string":
                resources = (value.get("x-expansionResources") or {}).get("oneOf", [])
                if len(resources) == 1 and "$ref" in resources[0]:
                    node[key] = {"$ref": resources[0]["$ref"]}
                    count += 1
                    continue
            count += expand(value)
    elif isinstance(node, list):
        count += sum(expand(value) for value in node)
    return count


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as file:
        document = yaml.load(file, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    count = expand(document.get("definitions", {}))
    with open(sys.argv[2], "w") as file:
        yaml.dump(document, file, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), sort_keys=False)
    print(f"{count} fields expanded", file=sys.stderr)


if __name__ == "__main__":
    main()
