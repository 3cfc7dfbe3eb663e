"""`oneOf` and `anyOf` as OpenAPI reads them, for openapi-core's schema validators.

- A `discriminator` (propertyName, optional mapping; without a mapping the value names a component
  schema) picks the member the value is validated against; a missing discriminating property, or
  a value that names no member, makes the value invalid.
- Without a mapping, a value that names no component schema picks the member whose discriminating
  property is fixed to that value (`enum: [text]`), as members written inline can't be named.
- A discriminator the members inherit through `allOf` (a `Pet` with a discriminator, `Cat` and
  `Dog` made of `allOf: [Pet, ...]`) picks the member the same way when the `oneOf` or `anyOf`
  has none of its own.
- A discriminator whose property none of the members (nor the schema holding it) declares is a
  fault of the document; the value is then checked as if it had none.
- A value valid under several members of a `oneOf` is invalid, unless those members have the same
  type and the same required properties: no value can tell them apart, and that is a fault of the
  document, not of whoever sent the value.

- An `allOf` whose parts allow no type in common (`allOf: [{type: string}, {type: integer}]`)
  admits no value: a fault of the document.
- A property that a schema requires while its `additionalProperties: false` forbids it (it
  declares no such property) can be neither sent nor left out: a fault of the document.
- An `enum` none of whose values is of the schema's `type` (`type: string, enum: [true, false]`)
  admits no value: a fault of the document.

A fault of the document is yielded as a `DocumentFault` error, which the oracle reports as such
(status 598, the operation left out of the figures) rather than as an invalid value.
"""

from jsonschema.exceptions import ValidationError
from jsonschema.validators import extend

MAX_DEPTH = 12


class DocumentFault(ValidationError):
    """Not an error of the value: the document's schema can't be satisfied unambiguously here."""


def is_fault(error):
    return isinstance(error, DocumentFault)


def _resolve(validator, schema, resolver=None, depth=0):
    """(contents, resolver) of a schema, its `$ref`s followed."""
    resolver = resolver or validator._resolver
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and depth < MAX_DEPTH:
        try:
            resolved = resolver.lookup(schema["$ref"])
        except Exception:  # an unresolvable reference: the validator itself reports it
            return schema, resolver
        schema, resolver = resolved.contents, resolved.resolver
        depth += 1
    return schema, resolver


def _name(schema, index):
    if isinstance(schema, dict):
        if isinstance(schema.get("$ref"), str):
            return schema["$ref"].rsplit("/", 1)[-1]
        if schema.get("title"):
            return repr(schema["title"])
    return "#%d" % index


def _walk_all_of(validator, schema, resolver=None, depth=0):
    """The schema and every schema it includes through `allOf`, references resolved."""
    schema, resolver = _resolve(validator, schema, resolver)
    if not isinstance(schema, dict) or depth > MAX_DEPTH:
        return
    yield schema, resolver
    for part in schema.get("allOf") or []:
        yield from _walk_all_of(validator, part, resolver, depth + 1)


def _signature(validator, member):
    """What can tell a member apart from another: its types and its required properties."""
    types, required = None, set()
    for schema, _ in _walk_all_of(validator, member):
        kind = schema.get("type")
        if kind is not None and types is None:
            types = frozenset([kind] if isinstance(kind, str) else kind) - {"null"}
        if types is None and "properties" in schema:
            types = frozenset(["object"])
        required |= set(schema.get("required") or [])
    return types, frozenset(required)


def _declares(validator, schema, name):
    return any(name in (s.get("properties") or {}) for s, _ in _walk_all_of(validator, schema))


def _fixed_values(validator, member, name):
    """The values a member's property `name` is fixed to by an `enum` or a `const`, if it is."""
    for schema, resolver in _walk_all_of(validator, member):
        prop, _ = _resolve(validator, (schema.get("properties") or {}).get(name), resolver)
        if isinstance(prop, dict):
            if "const" in prop:
                return {prop["const"]}
            if isinstance(prop.get("enum"), list):
                return set(v for v in prop["enum"] if isinstance(v, str))
    return None


def _inherited(validator, member):
    """The discriminator a member inherits through `allOf`, if any."""
    for schema, resolver in list(_walk_all_of(validator, member))[1:]:
        if isinstance(schema.get("discriminator"), dict) and "propertyName" in schema["discriminator"]:
            return schema["discriminator"], resolver
    return None, None


def _target(validator, discriminator, value, resolver):
    """The schema a discriminating value names: through the mapping, else as a component's name."""
    ref = (discriminator.get("mapping") or {}).get(value)
    if ref is None:
        ref = "#/components/schemas/%s" % value
    elif isinstance(ref, str) and "/" not in ref and "#" not in ref and not ref.endswith((".yaml", ".json")):
        ref = "#/components/schemas/%s" % ref  # a mapping to a schema's name
    if not isinstance(ref, str):
        return None
    try:
        return resolver.lookup(ref).contents
    except Exception:
        return None


def _by_discriminator(validator, members, instance, discriminator, resolver, keyword):
    """Errors for the member the discriminator names, or None when it can't name one."""
    name = discriminator["propertyName"]
    value = instance.get(name)
    if value is None:
        return [ValidationError("%r does not contain the discriminating property %r" % (instance, name))]
    if not isinstance(value, str):
        return [ValidationError("discriminating property %r is %r, not a string" % (name, value))]
    target = _target(validator, discriminator, value, resolver)
    for index, member in enumerate(members):
        if target is not None and _resolve(validator, member)[0] is target:
            return list(validator.descend(instance, member, schema_path=index))
    if value not in (discriminator.get("mapping") or {}):
        # Members the value can't name (written inline): the one whose property allows only it.
        for index, member in enumerate(members):
            if _fixed_values(validator, member, name) == {value}:
                return list(validator.descend(instance, member, schema_path=index))
    known = sorted((discriminator.get("mapping") or {}).keys()) or [
        _name(m, i) for i, m in enumerate(members) if isinstance(m, dict) and "$ref" in m]
    return [ValidationError("discriminating property %r is %r, which names none of the %s's members (%s)" % (
        name, value, keyword, ", ".join(known)))]


def _plain(validator, members, instance, keyword):
    matched, errors = [], []
    for index, member in enumerate(members):
        found = list(validator.descend(instance, member, schema_path=index))
        real = [e for e in found if not is_fault(e)]
        if real:
            errors += real
        else:
            matched.append((index, member, found))
        if matched and keyword == "anyOf":
            break
    if not matched:
        yield ValidationError("%r is not valid under any of the given schemas" % (instance,), context=errors)
        return
    for _, _, faults in matched:
        yield from faults
    if keyword == "oneOf" and len(matched) > 1:
        names = ", ".join(_name(member, index) for index, member, _ in matched)
        if len({_signature(validator, member) for _, member, _ in matched}) == 1:
            yield DocumentFault("the value is valid under each of the oneOf's members %s, which have the same type and "
                                "required properties and no discriminator: no value tells them apart" % names)
        else:
            yield ValidationError("%r is valid under each of %s" % (instance, names))


def _composite(keyword):
    def check(validator, members, instance, schema):
        discriminator = schema.get("discriminator")
        resolver = validator._resolver
        if not (isinstance(discriminator, dict) and "propertyName" in discriminator):
            inherited = [_inherited(validator, m) for m in members]
            names = {d["propertyName"] for d, _ in inherited if d}
            discriminator, resolver = inherited[0] if inherited and len(names) == 1 and all(
                d for d, _ in inherited) else (None, None)
        elif not (_declares(validator, schema, discriminator["propertyName"]) or any(
                _declares(validator, m, discriminator["propertyName"]) for m in members)):
            yield DocumentFault("the discriminator's property %r is declared by none of the %s's members" % (
                discriminator["propertyName"], keyword))
            discriminator = None
        if discriminator and validator.is_type(instance, "object"):
            yield from _by_discriminator(validator, members, instance, discriminator, resolver, keyword)
            return
        yield from _plain(validator, members, instance, keyword)
    return check


def _types_of(schema):
    """The JSON types a schema allows by its own `type` (and 3.0's `nullable`); None when it doesn't say."""
    kind = schema.get("type")
    if kind is None:
        return None
    kinds = set([kind] if isinstance(kind, str) else kind)
    if "number" in kinds:
        kinds.add("integer")
    if schema.get("nullable") is True:
        kinds.add("null")
    return kinds


def _all_of(validator, parts, instance, schema):
    common = None
    for part in parts:
        for included, _ in _walk_all_of(validator, part):
            kinds = _types_of(included)
            if kinds is not None:
                common = kinds if common is None else common & kinds
    if common is not None and not common:
        names = ", ".join(_name(part, index) if "$ref" in part or "title" in part else
                          "{type: %s}" % _resolve(validator, part)[0].get("type") for index, part in enumerate(parts))
        yield DocumentFault("the allOf's parts (%s) allow no type in common: no value meets them all" % names)
        return
    for index, part in enumerate(parts):
        yield from validator.descend(instance, part, schema_path=index)


def _forbidden(schema):
    """The properties a schema requires that its `additionalProperties: false` forbids."""
    if schema.get("additionalProperties") is not False or schema.get("patternProperties"):
        return set()
    return set(schema.get("required") or []) - set(schema.get("properties") or {})


def _one_way(validator, schema, required, direction):
    """The required properties a request needn't send (read-only) or a response needn't give
    (write-only), the keyword on the property or on the schema it refers to."""
    keyword = "readOnly" if direction == "request" else "writeOnly"
    properties = schema.get("properties") or {}
    out = set()
    for name in required:
        prop, _ = _resolve(validator, properties.get(name))
        if isinstance(prop, dict) and prop.get(keyword) is True:
            out.add(name)
    return out


def _required(inner, direction):
    def check(validator, required, instance, schema):
        if isinstance(required, list):
            one_way = _one_way(validator, schema, required, direction)
            required = [name for name in required if name not in one_way]
        forbidden = _forbidden(schema)
        if forbidden and validator.is_type(instance, "object"):
            missing = sorted(name for name in forbidden if name not in instance)
            if missing:
                yield DocumentFault("the properties %s are required, and additionalProperties: false forbids them" % (
                    ", ".join(repr(name) for name in missing)))
            required = [name for name in required if name not in forbidden]
        yield from inner(validator, required, instance, schema)
    return check


def _additional(inner):
    def check(validator, additional, instance, schema):
        forbidden = _forbidden(schema)
        if forbidden and validator.is_type(instance, "object"):
            present = sorted(name for name in forbidden if name in instance)
            if present:
                yield DocumentFault("the properties %s are required, and additionalProperties: false forbids them" % (
                    ", ".join(repr(name) for name in present)))
                instance = {k: v for k, v in instance.items() if k not in forbidden}
        yield from inner(validator, additional, instance, schema)
    return check


def _enum_beside_its_type(validator, schema):
    """Whether a schema's `enum` holds no value of its `type` (`type: string, enum: [true, false]`)."""
    values, kinds = schema.get("enum"), _types_of(schema)
    if not isinstance(values, list) or not values or not kinds:
        return False

    def of_kind(value, kind):
        if kind == "null":  # 3.0's `nullable`, a type its validators don't know
            return value is None
        try:
            return validator.is_type(value, kind)
        except Exception:  # a type the validator doesn't know
            return True
    return not any(of_kind(value, kind) for value in values for kind in kinds)


def _enum(inner):
    def check(validator, values, instance, schema):
        if _enum_beside_its_type(validator, schema):
            yield DocumentFault("the enum's values %s are none of them of its type %s: no value meets both" % (
                values, schema.get("type")))
            return
        yield from inner(validator, values, instance, schema)
    return check


def _type(inner):
    def check(validator, kinds, instance, schema):
        if _enum_beside_its_type(validator, schema):
            return  # the enum says it
        yield from inner(validator, kinds, instance, schema)
    return check


_EXTENDED = {}


def extended(cls, direction="request"):
    """The validator class `cls` with OpenAPI's `oneOf` and `anyOf`, `required` without what only the
    other direction carries (`readOnly` in a request, `writeOnly` in a response, through references
    too), and the document faults of `allOf`, `required`, `additionalProperties`, `enum` and `type`."""
    if (cls, direction) not in _EXTENDED:
        keywords = cls.VALIDATORS
        _EXTENDED[(cls, direction)] = extend(cls, {
            "oneOf": _composite("oneOf"), "anyOf": _composite("anyOf"), "allOf": _all_of,
            "required": _required(keywords["required"], direction),
            "additionalProperties": _additional(keywords["additionalProperties"]),
            "enum": _enum(keywords["enum"]), "type": _type(keywords["type"]),
        })
    return _EXTENDED[(cls, direction)]


def install(app):
    """Makes the request and response validators of an openapi-core app read `oneOf` and `anyOf` as
    OpenAPI does."""
    import copy
    for validator, direction in ((app.request_validator, "request"), (app.response_validator, "response")):
        factory = copy.copy(validator.schema_validators_factory)
        inner = factory.get_validator_cls
        factory.get_validator_cls = lambda spec, schema, inner=inner, direction=direction: extended(inner(spec, schema), direction)
        validator.schema_validators_factory = factory
