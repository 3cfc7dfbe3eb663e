#!/usr/bin/env python3
"""Which deprecated methods of a generated client the document doesn't deprecate.

    scripts/deprecation-check.py DOCUMENT GENERATED_DIR

Reads the OpenAPI 3.x or Swagger 2.0 DOCUMENT on its own and decides, for each operation,
whether the document deprecates it: the operation says `deprecated: true`, or it can't be called
without a deprecated part (a required parameter, a required request body or a success response
whose schema is deprecated, or holds a deprecated schema through a required property, an array's
items, every member of a oneOf/anyOf or any member of an allOf). Then reads the client the
generator wrote for it in GENERATED_DIR (`*.Client.swift`): a method is deprecated when an
`@available(*, deprecated…)` attribute precedes it, except one that only sets deprecated optional
parts (its message starts with "sets '"), which stands beside a method that doesn't. Prints

    deprecated methods N, not deprecated by the document K

and then each of the K with its route. Exits 0 (the figures are the output).
"""
import glob
import re
import sys

from generated_strategies import owned, read_file, resolve, strategies

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


class Document:
    def __init__(self, document):
        self.document = document
        self.memo = {}

    def resolve(self, node):
        return resolve(self.document, node)

    def deprecated(self, schema, seen=frozenset()):
        """Whether a value of `schema` can't be built without a deprecated schema."""
        if not isinstance(schema, dict):
            return False
        reference = schema.get("$ref")
        if isinstance(reference, str):
            if reference in seen:
                return False
            if reference in self.memo:
                return self.memo[reference]
            self.memo[reference] = False  # a cycle builds nothing deprecated
            result = self.deprecated(self.resolve(schema), seen | {reference})
            self.memo[reference] = result
            return result
        if schema.get("deprecated") is True:
            return True
        for member in schema.get("allOf") or []:
            if self.deprecated(member, seen):
                return True
        for key in ("oneOf", "anyOf"):
            members = schema.get(key) or []
            if members and all(self.deprecated(m, seen) for m in members):
                return True
        properties = schema.get("properties") or {}
        nullable = schema.get("nullable") is True
        for name in schema.get("required") or []:
            property_schema = properties.get(name)
            if isinstance(property_schema, dict) and not self.nullable(property_schema) and not nullable \
                    and "default" not in self.resolve(property_schema) and self.deprecated(property_schema, seen):
                return True
        if schema.get("type") == "array" and self.deprecated(schema.get("items"), seen):
            return True
        return False

    def nullable(self, schema):
        schema = self.resolve(schema)
        kinds = schema.get("type")
        return schema.get("nullable") is True or (isinstance(kinds, list) and "null" in kinds)

    def operation_deprecated(self, path_item, operation):
        if operation.get("deprecated") is True:
            return True
        parameters = list(path_item.get("parameters") or []) + list(operation.get("parameters") or [])
        for parameter in map(self.resolve, parameters):
            if not parameter.get("required"):
                continue
            if parameter.get("in") == "body" or "schema" in parameter:
                if self.deprecated(parameter.get("schema")):
                    return True
            elif parameter.get("deprecated") is True:
                return True
        body = self.resolve(operation.get("requestBody") or {})
        if body.get("required"):
            contents = [c for c in (body.get("content") or {}).values() if isinstance(c, dict)]
            if contents and all(self.deprecated(c.get("schema")) for c in contents):
                return True
        for status, response in (operation.get("responses") or {}).items():
            if not str(status).startswith("2"):
                continue
            response = self.resolve(response)
            schemas = [c.get("schema") for c in (response.get("content") or {}).values() if isinstance(c, dict)]
            if "schema" in response:
                schemas.append(response["schema"])
            if any(self.deprecated(s) for s in schemas):
                return True
        return False

    def routes(self):
        """{(METHOD, path): deprecated by the document}."""
        found = {}
        for path, item in (self.document.get("paths") or {}).items():
            item = self.resolve(item) if isinstance(item, dict) else {}
            for method in METHODS:
                operation = item.get(method)
                if isinstance(operation, dict):
                    found[(method.upper(), path)] = self.operation_deprecated(item, operation)
        return found


FUNCTION = re.compile(r"^    (?:public |package )?func (\w+)")
CALLED = re.compile(r"\b([A-Z]\w*)\(\)")


def client_methods(folder):
    """[(name, METHOD, path, deprecated)] of the client's methods, each with the route of the
    strategy it calls."""
    routes = {name: (method, path) for name, (method, path, _) in strategies(folder).items()}
    methods = []
    for file in sorted(glob.glob(f"{folder}/*.Client*.swift")):
        attributes, pending = [], None
        with open(file, encoding="utf-8") as f:
            for line in f:
                stripped = line.strip()
                function = FUNCTION.match(line)
                if function:
                    deprecated = [a for a in attributes if a.startswith("@available(*, deprecated")]
                    only_optional = deprecated and all('message: "sets \'' in a for a in deprecated)
                    pending = (function.group(1), bool(deprecated) and not only_optional)
                    attributes = []
                elif stripped.startswith("@"):
                    attributes.append(stripped)
                elif not stripped.startswith("///"):
                    attributes = []
                if pending:
                    called = [name for name in CALLED.findall(line) if name in routes]
                    if called:
                        method, path = routes[called[0]]
                        methods.append((pending[0], method, path, pending[1]))
                        pending = None
    return methods


def main(document_path, folder):
    document = Document(read_file(document_path))
    routes = document.routes()
    deprecated = [m for m in client_methods(folder) if m[3]]
    beyond = [f"{name} ({method} {path})" for name, method, path, _ in deprecated
              if (found := owned(routes, method, path)) and not any(found)]
    print(f"deprecated methods {len(deprecated)}, not deprecated by the document {len(beyond)}")
    for line in beyond:
        print("  " + line)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    main(sys.argv[1], sys.argv[2])
