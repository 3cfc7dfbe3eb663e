"""Loads an OpenAPI 3.x document for the oracle: YAML or JSON, references to other files
resolved relative to the document, keys made strings, servers pointed at the oracle.

It also turns the document's schemas into plain JSON Schema for generating values: every
`$ref` inlined (recursion capped), OpenAPI's own keywords translated or dropped, every property
required, `writeOnly` properties left out of responses.
"""

import copy
import datetime
import json
import os
import re
import urllib.parse

import yaml

class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """YAML 1.2's core schema for booleans: `on`, `off`, `yes`, `no` are strings, as the generator
    reads them."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                              list("tTfF"))
_LOADER = _Loader
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def _plain(value):
    """Makes a parsed YAML value JSON-shaped: string keys, dates as ISO strings."""
    if isinstance(value, dict):
        return {str(k) if not isinstance(k, bool) else str(k).lower(): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        text = value.isoformat()
        if isinstance(value, datetime.datetime) and value.tzinfo is None:
            text += "Z"
        return text
    return value


def read_file(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        doc = _plain(json.loads(text))
    except ValueError:
        doc = _plain(yaml.load(text, Loader=_LOADER))
    _portable_patterns(doc)
    return doc


def _portable_patterns(node):
    r"""Schema `pattern`s Python's `re` reads as their authors meant: `\z` (the end of the text in
    PCRE, Ruby and Go) is written `\Z`, and a JavaScript literal (`/[a-z]/i`) is its body under its
    flags. A pattern that still isn't a regular expression is a fault
    of the document that no value can meet or miss, so it is left out rather than stop every
    check of the schema."""
    if isinstance(node, dict):
        for key, value in list(node.items()):
            if key == "pattern" and isinstance(value, str):
                pattern = re.sub(r"(?<!\\)((?:\\\\)*)\\z", r"\1\\Z", value)
                literal = re.fullmatch(r"/((?:[^/\\]|\\.)+)/([gimsuy]*)", pattern, re.S)
                if literal:
                    flags = "".join(f for f in "ims" if f in literal.group(2))
                    pattern = ("(?%s)" % flags if flags else "") + literal.group(1)
                try:
                    re.compile(pattern)
                    node[key] = pattern
                except re.error:
                    del node[key]
            else:
                _portable_patterns(value)
    elif isinstance(node, list):
        for item in node:
            _portable_patterns(item)


def openapi_version(doc):
    version = str(doc.get("openapi", "")) if isinstance(doc, dict) else ""
    return version if re.match(r"^3\.\d", version) else None


def first_server_base_path(doc):
    """The path of the document's first server URL, variables replaced by their defaults."""
    servers = doc.get("servers") or []
    if not servers or not isinstance(servers[0], dict):
        return ""
    url = str(servers[0].get("url", ""))
    for name, variable in (servers[0].get("variables") or {}).items():
        default = str((variable or {}).get("default", ""))
        url = url.replace("{" + name + "}", default)
    url = re.sub(r"\{[^}]*\}", "", url)
    path = urllib.parse.urlsplit(url).path if "://" in url else url.split("?")[0]
    path = "/" + path.strip("/") if path.strip("/") else ""
    return re.sub(r"/+", "/", path)


def split_query_templates(doc):
    """Path keys with a query (`/key?api-version=1`) become their path; returns {path: original key}
    and {path: [(name, value)...]}, the fixed query each request must carry."""
    paths = doc.get("paths") or {}
    originals, fixed = {}, {}
    for key in list(paths):
        if "?" not in key:
            continue
        path, _, query = key.partition("?")
        if path in paths:
            continue
        paths[path] = paths.pop(key)
        originals[path] = key
        fixed[path] = urllib.parse.parse_qsl(query, keep_blank_values=True)
    return originals, fixed


def point_servers_at(doc, url):
    """Every servers list of the document (top level, path items, operations) becomes `url`."""
    doc["servers"] = [{"url": url}]
    for item in (doc.get("paths") or {}).values():
        if not isinstance(item, dict):
            continue
        if "servers" in item:
            item["servers"] = [{"url": url}]
        for method in HTTP_METHODS:
            operation = item.get(method)
            if isinstance(operation, dict) and "servers" in operation:
                operation["servers"] = [{"url": url}]


IGNORED_HEADERS = ("accept", "content-type", "authorization")


def drop_ignored_headers(doc, resolver):
    """OpenAPI: a header parameter named Accept, Content-Type or Authorization SHALL be ignored
    (the media types and security schemes say what those headers hold). Their definitions are
    left out of path items and operations; returns the labels of what was left out."""
    dropped = []
    for template, item in (doc.get("paths") or {}).items():
        if not isinstance(item, dict):
            continue
        holders = [("", item)] + [(m.upper() + " ", item[m]) for m in HTTP_METHODS if isinstance(item.get(m), dict)]
        for label, holder in holders:
            kept = []
            for parameter in holder.get("parameters") or []:
                try:
                    resolved, _ = resolver.deref(parameter)
                except (KeyError, IndexError, ValueError, OSError):
                    resolved = parameter
                if isinstance(resolved, dict) and resolved.get("in") == "header" \
                        and str(resolved.get("name", "")).lower() in IGNORED_HEADERS:
                    dropped.append("%s%s: header %s" % (label, template, resolved.get("name")))
                    continue
                kept.append(parameter)
            if "parameters" in holder and isinstance(holder["parameters"], list):
                holder["parameters"] = kept
    return dropped


class Resolver:
    """Resolves `$ref`s, local or to other files relative to the document."""

    def __init__(self, path, doc):
        self.root = os.path.abspath(path)
        self.files = {self.root: doc}

    def document(self, file):
        if file not in self.files:
            self.files[file] = read_file(file)
        return self.files[file]

    def resolve(self, ref, base):
        """Returns (file, pointer key, value) for a reference seen in `base`."""
        target, _, fragment = ref.partition("#")
        file = base if not target else os.path.normpath(os.path.join(os.path.dirname(base), urllib.parse.unquote(target)))
        value = self.document(file)
        for token in [t for t in fragment.split("/") if t]:
            token = urllib.parse.unquote(token).replace("~1", "/").replace("~0", "~")
            if isinstance(value, list):
                value = value[int(token)]
            else:
                value = value[token]
        return file, file + "#" + fragment, value

    def deref(self, value, base=None, limit=20):
        """Follows a chain of references (parameters, responses...) to the value."""
        base = base or self.root
        while isinstance(value, dict) and "$ref" in value and limit > 0:
            base, _, value = self.resolve(value["$ref"], base)
            limit -= 1
        return value, base


# Formats a generator can satisfy; others are left out when generating.
KNOWN_FORMATS = {
    "date", "date-time", "time", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
    "uri", "uri-reference", "iri", "iri-reference", "uri-template", "uuid", "byte", "json-pointer",
    "regex",
}
INT_RANGES = {"int32": (-2**31, 2**31 - 1), "int64": (-2**63, 2**63 - 1), "uint32": (0, 2**32 - 1),
              "uint64": (0, 2**64 - 1), "int8": (-128, 127), "int16": (-32768, 32767), "uint8": (0, 255)}
_DROPPED = {"nullable", "discriminator", "xml", "externalDocs", "example", "examples", "deprecated",
            "readOnly", "writeOnly", "title", "description", "default", "$schema", "$id", "$comment",
            "contentMediaType", "contentEncoding", "contentSchema", "unevaluatedProperties",
            "unevaluatedItems", "$anchor", "$dynamicAnchor", "$defs", "definitions", "$dynamicRef"}


SMALL_ARRAY = 3  # at most this many items an array, unless the schema asks for more
SHORT_STRING = 40  # at most this many characters a string, unless the schema asks for more


class Unsatisfiable(Exception):
    pass


class SchemaConverter:
    """OpenAPI schema → JSON Schema for generation, with every property required."""

    def __init__(self, resolver, direction="response", ref_repeat=1, ref_depth=9):
        self.resolver = resolver
        self.direction = direction
        self.ref_repeat = ref_repeat
        self.ref_depth = ref_depth
        self.notes = []

    def convert(self, schema, base=None):
        converted = self._convert(schema, base or self.resolver.root, [], False)
        if converted is None:
            raise Unsatisfiable("the schema recurses without end through required properties")
        return converted

    def _ref(self, node, base, stack, in_allof):
        file, key, target = self.resolver.resolve(node["$ref"], base)
        # A subtype's allOf names its base once more: inheritance, not recursion.
        repeat = self.ref_repeat + (1 if in_allof else 0)
        if stack.count(key) >= repeat or len(stack) >= self.ref_depth:
            return None  # recursion or depth cap: the caller drops what it can
        converted = self._convert(target, file, stack + [key], in_allof)
        siblings = {k: v for k, v in node.items() if k != "$ref" and k not in _DROPPED}
        if siblings and converted is not None:
            extra = self._convert(siblings, base, stack, True)
            return {"allOf": [converted, extra]} if extra else converted
        return converted

    def _discriminated(self, node, key, base, stack):
        """oneOf/anyOf branches with the discriminator's value each branch must carry."""
        disc = node.get("discriminator") or {}
        prop = disc.get("propertyName")
        mapping = disc.get("mapping") or {}
        branches = []
        for branch in node[key]:
            converted = self._convert(branch, base, stack, False)
            if converted is None:
                continue
            if prop and isinstance(branch, dict) and "$ref" in branch and not _pins(converted, prop):
                ref = branch["$ref"]
                names = [k for k, v in mapping.items() if v == ref or v == ref.rsplit("/", 1)[-1]]
                value = names[0] if names else ref.rsplit("/", 1)[-1]
                converted = {"allOf": [converted, {"properties": {prop: {"const": value}}, "required": [prop]}]}
            branches.append(converted)
        return branches

    def _convert(self, node, base, stack, in_allof):
        if isinstance(node, bool):
            return node
        if not isinstance(node, dict):
            return {}
        if "$ref" in node:
            return self._ref(node, base, stack, in_allof)
        disc = node.get("discriminator") or {}
        if disc.get("mapping") and not any(k in node for k in ("oneOf", "anyOf")) and not in_allof \
                and node.get("type", "object") == "object":
            # A base schema whose discriminator maps to its subtypes: a value is one of them.
            options = []
            for value, ref in disc["mapping"].items():
                ref = ref if "#" in ref or "/" in ref else "#/components/schemas/" + ref
                converted = self._convert({"$ref": ref}, base, stack, False)
                if converted is not None:
                    options.append({"allOf": [converted, {"properties": {disc["propertyName"]: {"const": value}}}]})
            if options:
                return {"oneOf": options} if len(options) > 1 else options[0]
        out = {}
        for k, v in node.items():
            if k in _DROPPED or k.startswith("x-"):
                continue
            if k == "properties" and isinstance(v, dict):
                props = {}
                for name, sub in v.items():
                    sub_resolved, _ = self.resolver.deref(sub, base)
                    if isinstance(sub_resolved, dict):
                        if self.direction == "response" and sub_resolved.get("writeOnly"):
                            continue
                        if self.direction == "request" and sub_resolved.get("readOnly"):
                            continue
                    converted = self._convert(sub, base, stack, False)
                    if converted is None:
                        if name in (node.get("required") or []):
                            return None  # a required property beyond the cap: so is this schema
                        continue
                    props[name] = converted
                out["properties"] = props
            elif k in ("items", "additionalProperties", "not", "additionalItems", "contains", "propertyNames",
                       "if", "then", "else"):
                if isinstance(v, list):
                    out[k] = [c for c in (self._convert(s, base, stack, False) for s in v) if c is not None]
                    continue
                converted = self._convert(v, base, stack, False)
                if converted is None:
                    if k == "items":
                        out["maxItems"] = 0
                        converted = {}
                    elif k == "additionalProperties":
                        converted = False
                    else:
                        continue
                out[k] = converted
            elif k == "prefixItems" and isinstance(v, list):
                out["items"] = [self._convert(s, base, stack, False) or {} for s in v]
            elif k in ("oneOf", "anyOf") and isinstance(v, list):
                branches = self._discriminated(node, k, base, stack)
                if not branches:
                    return None
                out[k] = branches
            elif k == "allOf" and isinstance(v, list):
                parts = []
                for s in v:
                    c = self._convert(s, base, stack, True)
                    if c is None:
                        return None  # a part beyond the cap: so is this schema
                    parts.append(c)
                out[k] = parts
            elif k == "patternProperties" and isinstance(v, dict):
                out[k] = {p: self._convert(s, base, stack, False) or {} for p, s in v.items()}
            elif k in ("dependentSchemas", "dependencies") and isinstance(v, dict):
                out["dependencies"] = {p: (s if isinstance(s, list) else self._convert(s, base, stack, False) or {})
                                       for p, s in v.items()}
            elif k == "type":
                if isinstance(v, list):
                    types = [t for t in v if t != "null"] or ["null"]
                    out[k] = types if len(types) > 1 else types[0]
                else:
                    out[k] = v
            elif k == "format":
                if v in INT_RANGES:
                    low, high = INT_RANGES[v]
                    out["minimum"] = max(low, node.get("minimum", low)) if isinstance(node.get("minimum", low), (int, float)) else low
                    out["maximum"] = min(high, node.get("maximum", high)) if isinstance(node.get("maximum", high), (int, float)) else high
                elif v in KNOWN_FORMATS:
                    out[k] = v
            elif k in ("exclusiveMinimum", "exclusiveMaximum") and isinstance(v, bool):
                bound = "minimum" if k == "exclusiveMinimum" else "maximum"
                if v and bound in node:
                    out[k] = node[bound]
            elif k in ("minimum", "maximum") and isinstance(node.get("exclusive" + k[0].upper() + k[1:]), bool) \
                    and node.get("exclusive" + k[0].upper() + k[1:]):
                continue
            elif k == "enum" and isinstance(v, list):
                values = [e for e in v if e is not None] or v
                out[k] = values
            elif k == "required":
                continue
            else:
                out[k] = v
        if "minimum" in out and "maximum" in out and "format" in node and node["format"] in INT_RANGES:
            if out["minimum"] > out["maximum"]:
                raise Unsatisfiable("minimum above maximum")
        if "properties" in out:
            out["required"] = sorted(set(out["properties"]) | {r for r in (node.get("required") or [])
                                                               if r not in (node.get("properties") or {})})
            if "additionalProperties" not in out and not in_allof and not any(
                    k in out for k in ("allOf", "anyOf", "oneOf")):
                out["additionalProperties"] = False
        elif node.get("required") and isinstance(node["required"], list):
            out["required"] = list(node["required"])
        if "type" not in out and not any(k in out for k in ("allOf", "anyOf", "oneOf", "enum", "const", "not")):
            if "properties" in out or "additionalProperties" in out:
                out["type"] = "object"
            elif "items" in out:
                out["type"] = "array"
        kind = out.get("type")
        if kind == "integer" and node.get("format") not in INT_RANGES:
            out.setdefault("minimum", -2**53)
            out.setdefault("maximum", 2**53)
        if kind == "number":
            out.setdefault("minimum", -1e9)
            out.setdefault("maximum", 1e9)
        if kind == "array" and out.get("maxItems") != 0:
            out["minItems"] = max(1, out.get("minItems", 0))
            # Answers stay small: a few items an array, however deep the schema nests them.
            out["maxItems"] = min(out.get("maxItems", SMALL_ARRAY), max(out["minItems"], SMALL_ARRAY))
        if kind == "string" and not any(k in out for k in ("pattern", "format", "enum", "const")):
            low = out.get("minLength", 0)
            out["maxLength"] = min(out.get("maxLength", SHORT_STRING), max(low, SHORT_STRING))
        if kind == "object" and "properties" not in out and out.get("additionalProperties", True) is True \
                and not any(k in out for k in ("allOf", "anyOf", "oneOf", "patternProperties")):
            # A free-form object: a small map of strings is one of its values.
            out["additionalProperties"] = {"type": "string"}
            out.setdefault("maxProperties", 2)
        if not out and not in_allof:
            return {"type": "string"}  # any value: a string is one
        if "allOf" in out:
            out = _merge_objects(out)
        return out


def _pins(schema, prop):
    """Whether a converted schema already fixes a property's values (enum or const)."""
    if not isinstance(schema, dict):
        return False
    sub = (schema.get("properties") or {}).get(prop)
    if isinstance(sub, dict) and ("enum" in sub or "const" in sub):
        return True
    return any(_pins(part, prop) for part in schema.get("allOf") or [])


def _merge_objects(schema):
    """allOf of plain object schemas as one object schema, closed to other properties, so that a
    generator fills exactly the declared properties."""
    plain = {"type", "properties", "required", "additionalProperties"}
    parts = [p for p in schema["allOf"]]
    if not all(isinstance(p, dict) and set(p) <= plain and p.get("type", "object") == "object" for p in parts):
        return schema
    if any(k not in ("allOf", "type", "properties", "required", "additionalProperties") for k in schema):
        return schema
    merged = {"type": "object", "properties": dict(schema.get("properties") or {}),
              "required": list(schema.get("required") or [])}
    for part in parts:
        for name, sub in (part.get("properties") or {}).items():
            if name in merged["properties"] and merged["properties"][name] != sub:
                merged["properties"][name] = {"allOf": [merged["properties"][name], sub]}
            else:
                merged["properties"][name] = sub
        merged["required"] += [r for r in part.get("required") or [] if r not in merged["required"]]
    if not any(isinstance(p.get("additionalProperties"), dict) or p.get("additionalProperties") is True
               for p in parts):
        merged["additionalProperties"] = False
    return merged


def schema_of(media, resolver, base=None):
    media, base = resolver.deref(media, base)
    if not isinstance(media, dict):
        return None, base
    return media.get("schema"), base


def deep_copy(value):
    return copy.deepcopy(value)
