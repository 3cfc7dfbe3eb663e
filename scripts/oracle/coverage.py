"""What an operation declares that a request may carry, and what one request carried of it: the
contract check's coverage figures, and the `readOnly` properties a request must not send.

An operation declares items of five kinds, each named by a text, its identity:

- `parameters`: each parameter, path-level and operation-level merged as OpenAPI merges them
  (the operation's wins), as `IN NAME` (`query limit`, `header X-Request-Id`). Header parameters
  named Accept, Content-Type or Authorization are left out, as the oracle ignores them.
- `properties`: each property a request body may carry, in every media type the check reads:
  JSON (`application/json`, `*/*+json`, `*/*`), form (`application/x-www-form-urlencoded`) and
  multipart (`multipart/form-data`), of forms and multipart their top-level fields only. A
  property's identity is its owner and its name, `OWNER.NAME`. The owner is the component schema
  a `$ref` names, where one is followed (`Pet.name`: a `$ref` to `#/components/schemas/Pet`;
  another reference is named by its pointer's last name), else the place the walk came from:
  `body` for the body itself, `OWNER.NAME` for an inline object in a property, `PLACE[]` for the
  items of an array, `PLACE{}` for the values of a map (`additionalProperties`), `PLACE<i>` for
  the i-th member (from 0) of a `oneOf` or `anyOf` written inline. `allOf` parts, and the
  schemas they refer to, are the schema that holds them: their properties are its owner's
  (`Cat.name` for a `Cat` made of `allOf: [Pet, ...]`), but for an `allOf` of a single `$ref` and
no properties of its own (OpenAPI 3.0's way to give a reference siblings), which is the schema
it refers to. So a member of a `oneOf` or `anyOf` is
  qualified by its component's name or its `<i>`, and a component used in several places counts
  once. The walk of what a document declares goes into each (schema, owner) once: a schema that
  recurses (`Node.children[]` refers to `Node`) is counted once, and the walk ends.
- `nulls`: each property whose schema admits JSON null and says so: OpenAPI 3.0's `nullable:
  true` beside a `type`, 3.1's `type: [..., "null"]` or `type: "null"`, an `enum` holding null,
  or a `oneOf` / `anyOf` member that does (`anyOf: [{$ref: X}, {type: "null"}]`); an `enum`
  without null, or an `allOf` part that refuses null, keeps null out as the validator does.
  Named as the property is. JSON bodies only.
- `free_form`: the body and each property whose schema is a free-form object (type object, or
  no type with `additionalProperties`, declaring no properties and no `oneOf` / `anyOf`, and not
  `additionalProperties: false`), named as the body (`body`) or property is; carried when it is
  sent as an object with at least one key.
- `read_only`: each property marked `readOnly: true` (on its schema, beside a `$ref`, on the
  schema a `$ref` names or on one of its `allOf` parts), named as a property is. Not among the
  `properties`: a request must not send it (the oracle refuses one that does, see
  read_only_reasons), nor are the properties beneath it walked.

A request carries a parameter when its name is sent in its place (a query key `name`,
`name[...]` for deepObject, one of an exploded object's properties; a header of the name in any
case; a cookie of the name, or one of an exploded object's properties), a path parameter always.
It carries a property when the property's name is a key of an object the walk of its value
reaches; the walk takes, of a `oneOf` or `anyOf`, the member a discriminator names, else the
first member the value fits best (its type, its required properties present, none it closes out,
its fixed values met, the most of its properties present). A null is carried when the property
is sent as JSON null.
"""

import json
import re
import urllib.parse

import bodies
import forms
from document import IGNORED_HEADERS

KINDS = ("parameters", "properties", "nulls", "free_form", "read_only")
MAX_DEPTH = 64
FORM = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"
_NOTHING = {}  # what an unresolvable reference stands for


def is_json(media_type):
    media_type = media_type.split(";")[0].strip().lower()
    return media_type in ("*/*", "application/*") or media_type.endswith("/json") or media_type.endswith("+json")


def _unescape(token):
    return urllib.parse.unquote(token).replace("~1", "/").replace("~0", "~")


def ref_name(ref):
    """The owner a `$ref` names: a component schema's name (and the place within it), else the
    pointer's last name, else the file's."""
    target, _, fragment = ref.partition("#")
    tokens = [_unescape(t) for t in fragment.split("/") if t]
    if len(tokens) >= 3 and tokens[0] == "components" and tokens[1] == "schemas":
        name = tokens[2]
        rest = tokens[3:]
        i = 0
        while i < len(rest):
            if rest[i] == "properties" and i + 1 < len(rest):
                name += "." + rest[i + 1]
                i += 2
                continue
            name += {"items": "[]", "additionalProperties": "{}"}.get(rest[i], "/" + rest[i])
            i += 1
        return name
    if tokens:
        return tokens[-1]
    return re.sub(r"\.(ya?ml|json)$", "", target.rsplit("/", 1)[-1]) or "schema"


class View:
    """A schema as one object: its own keywords and its `allOf` parts', references followed."""

    def __init__(self):
        self.props = {}  # name -> [(schema, base)], in the order declared
        self.required = set()
        self.unions = []  # (members, base, discriminator)
        self.items = []  # (schema, base)
        self.additional = []  # (schema, base); False when a part closes the object
        self.closed = False
        self.types = set()
        self.typed = False


class Coverage:
    def __init__(self, resolver, doc):
        self.resolver = resolver
        self.doc = doc
        self._declared = {}
        self._views, self._read_only, self._nulls = {}, {}, {}

    # Schemas.

    def follow(self, node, base):
        """(schema, base, owner named by the first `$ref`, the nodes passed on the way)."""
        base = base or self.resolver.root
        name, passed, limit = None, [], 20
        while isinstance(node, dict) and isinstance(node.get("$ref"), str) and limit:
            passed.append(node)
            if name is None:
                name = ref_name(node["$ref"])
            try:
                base, _, node = self.resolver.resolve(node["$ref"], base)
            except (KeyError, IndexError, ValueError, OSError, TypeError):
                return _NOTHING, base, name, passed
            limit -= 1
        return node, base, name, passed

    def view(self, node, base):
        """The View of a schema, kept for the next time (schemas are the document's own objects)."""
        key = id(node)
        if key not in self._views:
            out = View()
            self._gather(node, base, out, set(), 0)
            self._views[key] = (node, out)
        return self._views[key][1]

    def _gather(self, node, base, out, seen, depth):
        schema, base, _, _ = self.follow(node, base)
        if not isinstance(schema, dict) or id(schema) in seen or depth > MAX_DEPTH:
            return
        seen.add(id(schema))
        kind = schema.get("type")
        if kind is not None:
            kinds = set(kind if isinstance(kind, list) else [kind])
            out.types = kinds if not out.typed else out.types & kinds
            out.typed = True
        props = schema.get("properties")
        if isinstance(props, dict):
            for name, sub in props.items():
                out.props.setdefault(name, []).append((sub, base))
        if isinstance(schema.get("required"), list):
            out.required |= {r for r in schema["required"] if isinstance(r, str)}
        for keyword in ("oneOf", "anyOf"):
            if isinstance(schema.get(keyword), list):
                out.unions.append((schema[keyword], base, schema.get("discriminator")))
        if "items" in schema and isinstance(schema["items"], dict):
            out.items.append((schema["items"], base))
        additional = schema.get("additionalProperties")
        if additional is False:
            out.closed = True
        elif additional is not None:
            out.additional.append((additional, base))
        for part in schema.get("allOf") or []:
            self._gather(part, base, out, seen, depth + 1)

    def read_only(self, node, base, depth=0):
        """Whether a property's schema is marked readOnly (beside a `$ref`, on what it names, or on
        an `allOf` part)."""
        if depth == 0:
            if id(node) not in self._read_only:
                self._read_only[id(node)] = (node, self.read_only(node, base, 1))
            return self._read_only[id(node)][1]
        schema, base, _, passed = self.follow(node, base)
        if any(isinstance(n, dict) and n.get("readOnly") is True for n in passed + [schema]):
            return True
        if isinstance(schema, dict) and depth < 9:
            return any(self.read_only(part, base, depth + 1) for part in schema.get("allOf") or [])
        return False

    def admits_null(self, node, base, depth=0):
        """(null is valid, the schema says so) for a schema."""
        schema, base, _, _ = self.follow(node, base)
        if schema is False:
            return False, False
        if not isinstance(schema, dict) or depth > 12:
            return True, False
        admits, says = True, False
        kind = schema.get("type")
        if kind is not None:
            kinds = kind if isinstance(kind, list) else [kind]
            if "null" in kinds or schema.get("nullable") is True:
                says = True
            else:
                admits = False
        elif schema.get("nullable") is True:
            says = True
        if isinstance(schema.get("enum"), list):
            if None in schema["enum"]:
                says = True
            else:
                admits = False
        if "const" in schema:
            if schema["const"] is None:
                says = True
            else:
                admits = False
        for keyword in ("oneOf", "anyOf"):
            members = schema.get(keyword)
            if isinstance(members, list) and members:
                results = [self.admits_null(m, base, depth + 1) for m in members]
                if not any(a for a, _ in results):
                    admits = False
                elif any(a and s for a, s in results):
                    says = True
        for part in schema.get("allOf") or []:
            a, s = self.admits_null(part, base, depth + 1)
            admits, says = admits and a, says or s
        return admits, says

    def nullable(self, node, base):
        if id(node) not in self._nulls:
            admits, says = self.admits_null(node, base)
            self._nulls[id(node)] = (node, admits and says)
        return self._nulls[id(node)][1]

    @staticmethod
    def free_form(view):
        if view.props or view.unions or view.closed:
            return False
        if view.typed:
            return "object" in view.types
        return bool(view.additional)

    # The walk.

    def walk(self, node, base, place, value, out, carried, levels=None, depth=0, seen=None, where="body",
             count_free=True):
        """Records into `out` (kind -> {identity: where}) what a value at `place` carries of its
        schema (`carried`), or every item the schema declares (`not carried`, `value` unused)."""
        if depth > MAX_DEPTH:
            return
        schema, base, name, _ = self.follow(node, base)
        if not isinstance(schema, dict):
            return
        parts = schema.get("allOf")
        if name is None and isinstance(parts, list) and len(parts) == 1 and isinstance(parts[0], dict) \
                and isinstance(parts[0].get("$ref"), str) and not schema.get("properties"):
            name = ref_name(parts[0]["$ref"])  # 3.0's way to give a reference siblings: the reference
        owner = name or place
        view = self.view(schema, base)
        if count_free and self.free_form(view):
            if not carried or (isinstance(value, dict) and value):
                out["free_form"].setdefault(place, where)
        if levels == 0:
            return
        if not carried:
            key = (id(schema), owner)
            if key in seen:
                return
            seen.add(key)
        deeper = None if levels is None else levels - 1
        json_body = levels is None
        for prop, subs in view.props.items():
            label = "%s.%s" % (owner, prop)
            present = carried and isinstance(value, dict) and prop in value
            at = "%s.%s" % (where, prop)
            if any(self.read_only(sub, b) for sub, b in subs):
                if not carried or present:
                    out["read_only"].setdefault(label, at)
                continue
            if carried and not present:
                continue
            out["properties"].setdefault(label, at)
            if json_body and all(self.nullable(s, b) for s, b in subs):
                if not carried or value[prop] is None:
                    out["nulls"].setdefault(label, at)
            if not carried or value[prop] is not None:
                for sub, sub_base in subs:
                    self.walk(sub, sub_base, label, value[prop] if carried else None, out, carried, deeper, depth + 1,
                              seen, at)
        if levels is not None:
            return
        for items, items_base in view.items:
            if not carried:
                self.walk(items, items_base, place + "[]", None, out, False, None, depth + 1, seen, where,
                          count_free=False)
            elif isinstance(value, list):
                for i, element in enumerate(value):
                    self.walk(items, items_base, place + "[]", element, out, True, None, depth + 1, seen,
                              "%s[%d]" % (where, i), count_free=False)
        for additional, additional_base in view.additional:
            if not isinstance(additional, dict):
                continue
            if not carried:
                self.walk(additional, additional_base, place + "{}", None, out, False, None, depth + 1, seen, where,
                          count_free=False)
            elif isinstance(value, dict):
                for k, element in value.items():
                    if k not in view.props:
                        self.walk(additional, additional_base, place + "{}", element, out, True, None, depth + 1,
                                  seen, "%s.%s" % (where, k), count_free=False)
        for members, members_base, discriminator in view.unions:
            if not carried:
                for i, member in enumerate(members):
                    self.walk(member, members_base, "%s<%d>" % (place, i), None, out, False, None, depth + 1, seen,
                              where, count_free=False)
            elif value is not None:
                i = self.choose(members, members_base, discriminator, value)
                if i is not None:
                    self.walk(members[i], members_base, "%s<%d>" % (place, i), value, out, True, None, depth + 1,
                              seen, where, count_free=False)

    def choose(self, members, base, discriminator, value):
        """The member of a `oneOf` or `anyOf` a value is taken to be, or None."""
        if isinstance(value, dict) and isinstance(discriminator, dict) \
                and isinstance(value.get(discriminator.get("propertyName")), str):
            named = value[discriminator["propertyName"]]
            ref = (discriminator.get("mapping") or {}).get(named) or named
            tail = ref.rsplit("/", 1)[-1]
            for i, member in enumerate(members):
                if isinstance(member, dict) and isinstance(member.get("$ref"), str) \
                        and (member["$ref"] == ref or member["$ref"].rsplit("/", 1)[-1] == tail):
                    return i
        best, best_score = None, -1
        for i, member in enumerate(members):
            view = self.view(member, base)
            if not _type_fits(view, value):
                continue
            score = 0
            if isinstance(value, dict):
                keys = set(value)
                if view.required - keys - {k for k, subs in view.props.items()
                                           if any(self.read_only(s, b) for s, b in subs)}:
                    continue
                if view.closed and keys - set(view.props):
                    continue
                if not all(self._fits_fixed(view.props[k], value[k]) for k in keys if k in view.props):
                    continue
                score = len(keys & set(view.props))
            if score > best_score:
                best, best_score = i, score
        return best

    def _fits_fixed(self, subs, value):
        for sub, base in subs:
            schema, _, _, _ = self.follow(sub, base)
            if isinstance(schema, dict):
                if "const" in schema and schema["const"] != value:
                    return False
                if isinstance(schema.get("enum"), list) and value not in schema["enum"]:
                    return False
        return True

    # Operations.

    def operation(self, template, method):
        """(parameters, request body media {type: (schema, base)}) of an operation."""
        from checks import operation_parameters
        params, operation = operation_parameters(self.resolver, self.doc, template, method)
        params = [p for p in params if not (p.get("in") == "header" and str(p["name"]).lower() in IGNORED_HEADERS)]
        media = {}
        body, base = self.resolver.deref(operation.get("requestBody")) if operation.get("requestBody") else (None, None)
        if isinstance(body, dict) and isinstance(body.get("content"), dict):
            for media_type, entry in body["content"].items():
                entry, entry_base = self.resolver.deref(entry or {}, base)
                if isinstance(entry, dict) and entry.get("schema") is not None:
                    media[media_type] = (entry["schema"], entry_base, entry)
        return params, media

    def declared(self, template, method):
        """{kind: set of identities} an operation declares."""
        key = (template, method)
        if key not in self._declared:
            params, media = self.operation(template, method)
            out = {kind: {} for kind in KINDS}
            for p in params:
                out["parameters"]["%s %s" % (p.get("in"), p["name"])] = None
            seen = set()
            for media_type, (schema, base, _) in media.items():
                kind = media_type.split(";")[0].strip().lower()
                if is_json(kind):
                    self.walk(schema, base, "body", None, out, False, None, 0, seen)
                elif kind in (FORM, MULTIPART):
                    self.walk(schema, base, "body", None, out, False, 1, 0, set())
            self._declared[key] = {kind: set(found) for kind, found in out.items()}
        return self._declared[key]

    def carried(self, template, method, request):
        """{kind: {identity: where}} of what a request carries of an operation's declared items."""
        params, media = self.operation(template, method)
        out = {kind: {} for kind in KINDS}
        for p in params:
            if _parameter_sent(self, p, request, params):
                out["parameters"]["%s %s" % (p.get("in"), p["name"])] = p.get("in")
        value, schema, levels = self.body_value(request, media)
        if schema is not None:
            self.walk(schema[0], schema[1], "body", value, out, True, levels)
        return out

    def body_value(self, request, media):
        """(the body's value, (schema, base) of its media type, levels walked) or (None, None, None)."""
        if not request.body:
            return None, None, None
        ctype = (request.content_type or "").split(";")[0].strip().lower()
        content = {k: v for k, v in media.items()}
        entry = bodies.media_for(content, ctype)
        if entry is None:
            return None, None, None
        schema, base, media_object = entry
        if ctype == FORM:
            from checks import _cast, _schema_type
            view = self.view(schema, base)
            properties = {k: self.resolver.deref(subs[0][0], subs[0][1])[0] for k, subs in view.props.items()}
            encoding = {k: self.resolver.deref(v)[0] or {} for k, v in (media_object.get("encoding") or {}).items()}
            pairs = urllib.parse.parse_qsl(request.body.decode("utf-8", "replace"), keep_blank_values=True)
            value, _ = forms.styled_pairs(pairs, properties, encoding, lambda s: _schema_type(self.resolver, s),
                                          lambda s, t: _cast(self.resolver, s, t))
            return value, (schema, base), 1
        if ctype == MULTIPART:
            parts = forms.multipart_parts(request.body, request.content_type) or []
            value = {}
            for name, part, _, _ in parts:
                value.setdefault(name, part)
            return value, (schema, base), 1
        if is_json(ctype):
            try:
                return json.loads(request.body), (schema, base), None
            except ValueError:
                return None, None, None
        return None, None, None

    def read_only_reasons(self, template, method, request):
        """Why a request's body is invalid for carrying properties the document marks readOnly."""
        try:
            params, media = self.operation(template, method)
            value, schema, levels = self.body_value(request, media)
            if schema is None:
                return []
            out = {kind: {} for kind in KINDS}
            self.walk(schema[0], schema[1], "body", value, out, True, levels)
        except Exception:  # the same walk fails in carried(), which logs why
            return []
        return ["%s: the document marks the property readOnly (%s): a request doesn't send it" % (where, label)
                for label, where in sorted(out["read_only"].items(), key=lambda kv: kv[1])]


def _type_fits(view, value):
    if not view.typed:
        return True
    kinds = view.types
    if value is None:
        return "null" in kinds
    if isinstance(value, bool):
        return "boolean" in kinds
    if isinstance(value, int):
        return bool(kinds & {"integer", "number"})
    if isinstance(value, float):
        return "number" in kinds or ("integer" in kinds and value.is_integer())
    if isinstance(value, str):
        return "string" in kinds
    if isinstance(value, list):
        return "array" in kinds
    if isinstance(value, dict):
        return "object" in kinds
    return True


def _parameter_sent(coverage, p, request, params):
    place, name = p.get("in"), p["name"]
    if place == "path":
        return True
    if place == "header":
        return any(k.lower() == name.lower() for k in request.parameters.header.keys())
    schema_props = {}
    if "schema" in p:
        view = coverage.view(p.get("schema"), None)
        schema_props = view.props if ("object" in view.types or view.props) else {}
    if place == "query":
        keys = [k for k, _ in request.query_pairs]
        if name in keys or any(k.startswith(name + "[") for k in keys):
            return True
        style = p.get("style", "form")
        if schema_props and style == "form" and p.get("explode", True):
            return any(k in schema_props for k in keys)
        return False
    if place == "cookie":
        cookies = set(request.parameters.cookie.keys())
        raw = request.parameters.header.get("Cookie") or ""
        cookies |= {part.strip().partition("=")[0] for part in re.split(r"[;&]", raw) if part.strip()}
        if name in cookies:
            return True
        style = p.get("style", "form")
        if schema_props and style == "form" and p.get("explode", True):
            return any(k in schema_props for k in cookies)
    return False


def declared_by_document(path):
    """{operation label: {kind: set of identities}} of every operation of a document, the
    operations labelled as the oracle labels them (`METHOD /path`, as the document writes it)."""
    from document import (HTTP_METHODS, Resolver, drop_ignored_headers, read_file, split_query_templates)
    doc = read_file(path)
    originals, _ = split_query_templates(doc)
    resolver = Resolver(path, doc)
    drop_ignored_headers(doc, resolver)
    coverage = Coverage(resolver, doc)
    out = {}
    for template, item in (doc.get("paths") or {}).items():
        item, _ = resolver.deref(item)
        if not isinstance(item, dict):
            continue
        for method in HTTP_METHODS:
            if isinstance(item.get(method), dict):
                label = "%s %s" % (method.upper(), originals.get(template, template))
                try:
                    out[label] = coverage.declared(template, method)
                except RecursionError:
                    out[label] = {kind: set() for kind in KINDS}
    return out
