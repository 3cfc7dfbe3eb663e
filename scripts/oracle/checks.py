"""Request validation: openapi-core, configured for documents that aren't strictly valid, plus the
checks it lacks (lower-case UUIDs, parameter styles it reads loosely, OAuth 2 and OpenID Connect
credentials, `oneOf`/`anyOf` with discriminators as OpenAPI reads them), each failure given as a
specific reason, and what the document leaves ambiguous given apart as a fault of the document."""

import http.cookies
import json
import re
import urllib.parse
import uuid

from jsonschema_path import SchemaPath
from openapi_core import Config, OpenAPI
from openapi_core.datatypes import RequestParameters
from openapi_core.deserializing.media_types.util import json_loads, plain_loads
from openapi_core.security.exceptions import SecurityProviderError
from openapi_core.security.factories import SecurityProviderFactory
from openapi_core.security.providers import ApiKeyProvider, BaseProvider
from openapi_core.templating.paths.finders import APICallPathFinder
from openapi_core.templating.paths.iterators import TemplatePathsIterator
from werkzeug.datastructures import Headers, ImmutableMultiDict

import bodies
import forms
from document import HTTP_METHODS
from polymorph import install as install_polymorphism, is_fault


def uuid_format(value):
    """RFC 9562 UUIDs are written in lower case; servers compare them as strings."""
    if not isinstance(value, str):
        return True
    try:
        uuid.UUID(value)
    except ValueError:
        return False
    return value == value.lower() and len(value) == 36


class HttpProvider(BaseProvider):
    def __call__(self, parameters):
        header = parameters.header.get("Authorization")
        if not header:
            raise SecurityProviderError("missing Authorization header")
        kind, _, credentials = header.partition(" ")
        scheme = (self.scheme / "scheme").read_str("").lower()
        if kind.lower() != scheme or not credentials.strip():
            raise SecurityProviderError("Authorization is not '%s <credentials>'" % scheme)
        return credentials


class BearerProvider(BaseProvider):
    """OAuth 2 and OpenID Connect: an access token as a bearer credential."""

    def __call__(self, parameters):
        header = parameters.header.get("Authorization", "")
        kind, _, token = header.partition(" ")
        if kind.lower() != "bearer" or not token.strip():
            raise SecurityProviderError("missing 'Authorization: Bearer <token>'")
        return token


class Providers(SecurityProviderFactory):
    PROVIDERS = {"apiKey": ApiKeyProvider, "http": HttpProvider, "oauth2": BearerProvider,
                 "openIdConnect": BearerProvider, "mutualTLS": BaseProvider}

    def create(self, scheme):
        kind = (scheme / "type").read_str("")
        return self.PROVIDERS.get(kind, BaseProvider)(scheme)


def sse_loads(value, **parameters):
    """text/event-stream: the first event's data, decoded as JSON when it is."""
    text = plain_loads(value, **parameters)
    data = [line[5:].lstrip() for line in text.splitlines() if line.startswith("data:")]
    first = data[0] if data else ""
    try:
        return json.loads(first)
    except ValueError:
        return first


def ndjson_loads(value, **parameters):
    lines = [l for l in plain_loads(value, **parameters).replace("\x1e", "\n").splitlines() if l.strip()]
    return json.loads(lines[0]) if lines else None


def media_deserializers(doc):
    """Deserializers for the document's media types that openapi-core reads as raw bytes."""
    found = set()

    def walk(node):
        if isinstance(node, dict):
            content = node.get("content")
            if isinstance(content, dict):
                found.update(k.split(";")[0].strip().lower() for k in content)
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
    walk(doc)
    out = {}
    for mt in found:
        if mt in ("application/x-ndjson", "application/jsonl", "application/x-jsonlines", "application/json-seq"):
            out[mt] = ndjson_loads
        elif mt == "text/event-stream":
            out[mt] = sse_loads
        elif mt.endswith("+json") or mt.endswith("/json") or mt == "*/*":
            out[mt] = json_loads
        elif mt.startswith("text/") and mt not in ("text/html",):
            out[mt] = plain_loads
    return out


class ConcreteFirstPathsIterator(TemplatePathsIterator):
    """openapi-core's paths in its order (a path without variables first, then fewer variables
    first), and of templates with as many variables, the one with more fixed characters first:
    /{scope}/{name}/{version}.zip before /{scope}/{name}/{version}, which a value of {version}
    ending in .zip matches too. openapi-core keeps the document's order there."""

    def __call__(self, name, spec, base_url=None):
        found = list(super().__call__(name, spec, base_url=base_url))
        fixed = [p for p in found if not p[1].variables]
        templates = [p for p in found if p[1].variables]
        yield from fixed
        yield from sorted(templates, key=lambda p: (len(p[1].variables), -len(re.sub(r"{[^}]*}", "", p[1].pattern))))


APICallPathFinder.paths_iterator = ConcreteFirstPathsIterator("paths")


def make_app(doc, base_uri):
    config = Config(spec_validator_cls=None, security_provider_factory=Providers(),
                    extra_format_validators={"uuid": uuid_format},
                    extra_media_type_deserializers=media_deserializers(doc))
    app = OpenAPI(SchemaPath.from_dict(doc, base_uri=base_uri), config=config)
    install_polymorphism(app)
    return app


class Request:
    """The request as openapi-core reads it."""

    def __init__(self, host_url, method, target, headers, body):
        split = urllib.parse.urlsplit(target)
        self.host_url = host_url
        self.path = urllib.parse.unquote(split.path)  # as servers route: percent-decoded
        self.raw_query = split.query
        self.method = method.lower()
        self.body = body
        self.query_pairs = urllib.parse.parse_qsl(split.query, keep_blank_values=True)
        self.content_type = headers.get("Content-Type") or "application/octet-stream"
        cookies = {}
        if headers.get("Cookie"):
            jar = http.cookies.SimpleCookie()
            try:
                jar.load(headers["Cookie"])
                cookies = {k: m.value for k, m in jar.items()}
            except http.cookies.CookieError:
                for part in headers["Cookie"].split(";"):
                    k, _, v = part.strip().partition("=")
                    cookies[k] = v
        self.parameters = RequestParameters(query=ImmutableMultiDict(self.query_pairs), header=Headers(headers),
                                            cookie=ImmutableMultiDict(cookies))


class Response:
    def __init__(self, status, content_type, headers, data):
        self.status_code = status
        self.content_type = content_type
        self.headers = Headers(headers)
        self.data = data


def _where(error):
    path = list(getattr(error, "absolute_path", []) or [])
    return "".join("[%d]" % p if isinstance(p, int) else "." + str(p) for p in path)


def _short_message(schema_error):
    """jsonschema's message with the value abbreviated, and for oneOf/anyOf the closest branch's
    first complaint."""
    message = getattr(schema_error, "message", str(schema_error))
    value = repr(getattr(schema_error, "instance", ""))
    if len(value) > 80 and value in message:
        message = message.replace(value, value[:60] + "…" + value[-10:])
    context = getattr(schema_error, "context", None) or []
    if context:
        inner = sorted(context, key=lambda e: -len(list(e.absolute_path)))[0]
        message += " (%s: %s)" % ("".join("[%d]" % p if isinstance(p, int) else "." + str(p)
                                          for p in inner.absolute_path) or "itself", _short_message(inner))
    return message


def _schema_reasons(error, prefix):
    out = []
    for schema_error in getattr(error, "schema_errors", None) or []:
        if is_fault(schema_error):
            continue
        message = _short_message(schema_error)
        if "is not a 'uuid'" in message:
            value = getattr(schema_error, "instance", "")
            if isinstance(value, str) and uuid_format(value.lower()):
                message = "%r is a UUID in upper case; RFC 9562 writes UUIDs in lower case" % value
        out.append("%s%s: %s" % (prefix, _where(schema_error), message[:300]))
    return out


def _chain(exc):
    chain, cause = [], exc
    while cause is not None and len(chain) < 6:
        chain.append(cause)
        cause = cause.__cause__ or cause.__context__
    return chain


def fault_reasons(exc, prefix=None):
    """The document faults (polymorph.DocumentFault) an openapi-core error carries, located."""
    if prefix is None:
        name, location = getattr(exc, "name", None), getattr(exc, "location", None)
        prefix = "%s parameter '%s'" % (location, name) if name and location else "body"
    out = []
    for c in _chain(exc):
        for schema_error in getattr(c, "schema_errors", None) or []:
            if is_fault(schema_error):
                out.append("%s%s: %s" % (prefix, _where(schema_error), schema_error.message[:300]))
    return out


def reasons_of(exc):
    """Specific reasons for an openapi-core error: which parameter or property, what's wrong; []
    when all it carries are faults of the document (see fault_reasons)."""
    name = getattr(exc, "name", None)
    location = getattr(exc, "location", None)
    prefix = "%s parameter '%s'" % (location, name) if name and location else "body"
    chain = _chain(exc)
    if any(type(c).__name__ in ("SecurityNotFound", "InvalidSecurity", "SecurityValidationError") for c in chain):
        return None  # described by the caller, which knows the schemes
    out = []
    for c in chain:
        out += _schema_reasons(c, prefix)
    if out:
        return out
    if fault_reasons(exc, prefix):
        return []
    known = ("CastError", "MissingRequiredParameter", "MissingRequiredRequestBody", "MediaTypeNotFound",
             "EmptyQueryParameterValue", "MediaTypeDeserializeError", "DeserializeError")
    last = next((c for c in chain if type(c).__name__ in known), chain[-1])
    kind = type(last).__name__
    if kind == "EmptyQueryParameterValue":
        return ["%s is sent empty" % prefix]
    if kind == "MediaTypeDeserializeError":
        return ["%s: can't be read as %s" % (prefix, getattr(last, "mimetype", "its content type"))]
    if kind == "MissingRequiredParameter":
        return ["%s is required and missing" % prefix]
    if kind == "MissingRequiredRequestBody":
        return ["the request body is required and missing"]
    if kind == "CastError":
        return ["%s: %r is not of type %s" % (prefix, getattr(last, "value", ""), getattr(last, "type", ""))]
    if kind == "MediaTypeNotFound":
        return ["body: content type %s is not one the document declares (%s)" % (
            getattr(last, "mimetype", "?"), ", ".join(getattr(last, "availableMimetypes", []) or []))]
    return ["%s: %s: %s" % (prefix, kind, _text(last)[:300])]


def _text(exc):
    """An exception's message; openapi-core's own __str__ fails on some (a parameter's text where
    it expects bytes)."""
    try:
        return str(exc)
    except Exception:
        return "%s: %r" % (type(exc).__name__, getattr(exc, "value", None))


def operation_parameters(resolver, doc, template, method):
    item, base = resolver.deref(doc["paths"][template])
    operation, obase = resolver.deref(item.get(method) or {}, base)
    params = {}
    for p in item.get("parameters") or []:
        p, _ = resolver.deref(p, base)
        if isinstance(p, dict) and "name" in p:
            params[(p["name"], p.get("in"))] = p
    for p in operation.get("parameters") or []:
        p, _ = resolver.deref(p, obase)
        if isinstance(p, dict) and "name" in p:
            params[(p["name"], p.get("in"))] = p
    return list(params.values()), operation


def _schema_type(resolver, schema):
    schema, _ = resolver.deref(schema or {})
    if not isinstance(schema, dict):
        return None
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    if kind is None:
        for key in ("allOf", "oneOf", "anyOf"):
            for sub in schema.get(key) or []:
                kind = _schema_type(resolver, sub)
                if kind:
                    return kind
        if "properties" in schema:
            return "object"
        if "items" in schema:
            return "array"
    return kind


def style_reasons(pairs, name, style, explode, kind, where):
    """The serialization of one query parameter (or form property) against its style."""
    keys = [k for k, _ in pairs]
    count = keys.count(name)
    if style == "deepObject":
        if count:
            return ["%s '%s' is sent as %s=...; the document says style deepObject: %s[key]=value" % (
                where, name, name, name)]
        return []
    if kind in ("array", "object") and not explode and count > 1:
        separator = {"spaceDelimited": "space", "pipeDelimited": "'|'"}.get(style, "','")
        return ["%s '%s' is sent %d times; the document says style %s with explode false: one value, items "
                "separated by %s" % (where, name, count, style, count and separator)]
    if style == "form" and kind == "object" and explode and count:
        return ["%s '%s' is sent as %s=...; the document says style form, explode true: each property as "
                "its own key=value" % (where, name, name)]
    if kind == "object" and not explode and count == 0 and any(k.startswith(name + "[") for k in keys):
        return ["%s '%s' is sent as %s[key]=...; the document says style %s, explode false" % (
            where, name, name, style)]
    return []


def strict_reasons(resolver, doc, template, method, request, validator_for, path_values=None):
    """Checks openapi-core doesn't make: query styles it reads loosely, form-body encodings.

    Returns (reasons, parameters whose openapi-core errors are superseded)."""
    reasons, superseded = [], set()
    path_values = path_values or {}
    params, operation = operation_parameters(resolver, doc, template, method)
    pairs = request.query_pairs
    for p in params:
        if p.get("in") != "query" or "content" in p:
            continue
        name = p["name"]
        style = p.get("style", "form")
        explode = p.get("explode", style == "form")
        kind = _schema_type(resolver, p.get("schema"))
        reasons += style_reasons(pairs, name, style, explode, kind, "query parameter")
        if kind == "object" and style == "form" and explode:
            # openapi-core looks for a key named after the parameter; the properties are the keys.
            superseded.add(("query", name))
            schema, _ = resolver.deref(p.get("schema") or {})
            props = (schema or {}).get("properties") or {}
            value = {}
            for k, v in pairs:
                if k in props or (not props and (schema or {}).get("additionalProperties") not in (None, False)):
                    value[k] = _cast(resolver, props.get(k, (schema or {}).get("additionalProperties")), v)
            if not value and p.get("required"):
                reasons.append("query parameter '%s' is required and missing" % name)
            elif value:
                reasons += validator_for(p.get("schema"), value, "query parameter '%s'" % name)
        if style == "spaceDelimited" and kind == "array" and not explode:
            # openapi-core splits on a literal '%20' after the query is decoded.
            superseded.add(("query", name))
            values = [v for k, v in pairs if k == name]
            if values:
                schema, _ = resolver.deref(p.get("schema") or {})
                items = [_cast(resolver, schema.get("items"), x) for x in values[0].split(" ")]
                reasons += validator_for(p.get("schema"), items, "query parameter '%s'" % name)
            elif p.get("required"):
                reasons.append("query parameter '%s' is required and missing" % name)
    for p in params:
        if p.get("in") == "path" and p.get("style") in ("label", "matrix") and p["name"] in path_values:
            # openapi-core looks the value up under '.name' or ';name': these styles are read here.
            superseded.add(("path", p["name"]))
            value, problem = _label_matrix(resolver, p, urllib.parse.unquote(path_values[p["name"]]))
            if problem:
                reasons.append("path parameter '%s': %s" % (p["name"], problem))
            else:
                reasons += validator_for(p.get("schema"), value, "path parameter '%s'" % p["name"])
    for p in params:
        if p.get("in") != "cookie" or "content" in p:
            continue
        style = p.get("style", "form")
        explode = p.get("explode", style == "form")
        schema, _ = resolver.deref(p.get("schema") or {})
        if style == "form" and explode and _schema_type(resolver, schema) == "object":
            # openapi-core can't deserialize it (DeserializeError: ('form', 'object')).
            superseded.add(("cookie", p["name"]))
            value, problems = forms.cookie_object(
                request.parameters.header.get("Cookie"), p["name"], schema, lambda s, t: _cast(resolver, s, t),
                ((schema or {}).get("properties") or {}, (schema or {}).get("additionalProperties") not in (None, False)))
            reasons += problems
            if value:
                reasons += validator_for(p.get("schema"), value, "cookie parameter '%s'" % p["name"])
            elif not problems and p.get("required"):
                reasons.append("cookie parameter '%s' is required and missing" % p["name"])
    body, _ = resolver.deref(operation.get("requestBody") or {})
    ctype = (request.content_type or "").split(";")[0].strip().lower()
    if ctype in ("application/x-www-form-urlencoded", "multipart/form-data") and request.body:
        media, _ = resolver.deref(((body or {}).get("content") or {}).get(ctype) or {})
        encoding = (media or {}).get("encoding") or {}
        form_schema, _ = resolver.deref((media or {}).get("schema") or {})
        undeclared = set(form_schema.get("required") or []) - set(form_schema.get("properties") or {}) \
            if isinstance(form_schema, dict) else set()
        if media and ctype == "multipart/form-data" or undeclared or any(
                "style" in (e or {}) or "explode" in (e or {}) for e in encoding.values()):
            # openapi-core reads these styles wrongly or not at all, multipart parts as bytes or
            # uncast text, and drops what a form's schema requires but doesn't declare: the body
            # is read here.
            superseded.add(("body", None))
            reasons += _styled_body(resolver, doc, request, ctype, media, validator_for)
    elif request.body and bodies.is_raw(ctype):
        media, _ = resolver.deref(bodies.media_for((body or {}).get("content"), ctype) or {})
        schema, _ = resolver.deref((media or {}).get("schema") or {})
        if bodies.binary_kind(schema) or _schema_type(resolver, schema) == "string":
            # openapi-core hands the schema the body's bytes, which no string schema of 3.1 (nor
            # base64 text) accepts: a binary body is read here as its schema says.
            superseded.add(("body", None))
            if bodies.binary_kind(schema):
                value, problems = bodies.as_schema_sees(request.body, schema)
            else:
                try:
                    value, problems = request.body.decode("utf-8"), []
                except UnicodeDecodeError:
                    value, problems = None, ["body: isn't UTF-8 text, and its schema isn't binary"]
            reasons += ["body: " + p if not p.startswith("body") else p for p in problems]
            if value is not None:
                reasons += validator_for((media or {}).get("schema"), value, "body")
    if ctype == "application/x-www-form-urlencoded" and request.body:
        media, _ = resolver.deref(((body or {}).get("content") or {}).get(ctype) or {})
        schema, _ = resolver.deref((media or {}).get("schema") or {})
        form = urllib.parse.parse_qsl(request.body.decode("utf-8", "replace"), keep_blank_values=True)
        for prop, enc in ((media or {}).get("encoding") or {}).items():
            if "style" not in enc and "explode" not in enc:
                continue
            style = enc.get("style", "form")
            explode = enc.get("explode", style == "form")
            kind = _schema_type(resolver, ((schema or {}).get("properties") or {}).get(prop))
            reasons += style_reasons(form, prop, style, explode, kind, "form property")
    return reasons, superseded


def _styled_body(resolver, doc, request, ctype, media, validator_for):
    """A form or multipart body whose encoding gives styles, read as OpenAPI says (forms.py) and
    validated against its schema."""
    schema, _ = resolver.deref(media.get("schema") or {})
    properties = {k: resolver.deref(v)[0] for k, v in ((schema or {}).get("properties") or {}).items()}
    encoding = {k: resolver.deref(v)[0] or {} for k, v in (media.get("encoding") or {}).items()}

    def kind_of(s):
        return _schema_type(resolver, s)

    def cast(s, text):
        return _cast(resolver, s, text)
    if ctype == "multipart/form-data":
        parts = forms.multipart_parts(request.body, request.content_type)
        if parts is None:
            return ["body: can't be read as multipart/form-data"]
        parts, problems = _binary_parts(parts, properties, resolver)
        if problems:
            return problems
        if forms.styled_multipart(doc.get("openapi")):
            pairs = [(n, v if not j else json.dumps(v)) for n, v, j in parts]
            value, reasons = forms.styled_pairs(pairs, properties, encoding, kind_of, cast, "part")
        else:
            value, reasons = forms.unstyled_parts(parts, properties, kind_of, cast)
    else:
        pairs = urllib.parse.parse_qsl(request.body.decode("utf-8", "replace"), keep_blank_values=True)
        value, reasons = forms.styled_pairs(pairs, properties, encoding, kind_of, cast)
    return reasons + validator_for(media.get("schema") or {}, value, "body")


def _binary_parts(parts, properties, resolver):
    """Multipart parts with the binary ones (by their property's schema, or its items') as the
    schema sees them; the others are UTF-8 text or JSON."""
    out, reasons = [], []
    for name, value, is_json, data in parts:
        schema = properties.get(name)
        if _schema_type(resolver, schema) == "array":
            schema, _ = resolver.deref((schema or {}).get("items") or {})
        if bodies.binary_kind(schema):
            value, problems = bodies.as_schema_sees(data, schema)
            reasons += ["part '%s': %s" % (name, p) for p in problems]
            out.append((name, value, False))
            continue
        if not is_json:
            try:
                value = data.decode("utf-8")
            except UnicodeDecodeError:
                reasons.append("part '%s': isn't UTF-8 text, and its schema isn't binary" % name)
                continue
            if _schema_type(resolver, schema) in ("object", "array") and value.strip()[:1] in ("{", "["):
                try:
                    value, is_json = json.loads(value), True  # an object's part is JSON by default
                except ValueError:
                    pass
        out.append((name, value, is_json))
    return out, reasons


def _label_matrix(resolver, p, raw):
    """The value of a label- or matrix-style path parameter, or why it isn't one."""
    name, style = p["name"], p["style"]
    explode = p.get("explode", False)
    schema, _ = resolver.deref(p.get("schema") or {})
    kind = _schema_type(resolver, schema)
    props = (schema or {}).get("properties") or {}
    if style == "label":
        if not raw.startswith("."):
            return None, "%r doesn't start with '.'; the document says style label" % raw
        parts = raw[1:].split("." if explode else ",")
    else:
        prefix = ";%s=" % name
        if kind == "object" and explode:
            parts = [x for x in raw.split(";")[1:]]
            if not raw.startswith(";"):
                return None, "%r doesn't start with ';'; the document says style matrix" % raw
        else:
            chunks = raw.split(";")[1:]
            if not raw.startswith(prefix) or (not explode and len(chunks) != 1):
                return None, "%r isn't %s...; the document says style matrix, explode %s" % (
                    raw, prefix, str(bool(explode)).lower())
            parts = [c[len(name) + 1:] for c in chunks] if explode else raw[len(prefix):].split(",")
    if kind == "array":
        return [_cast(resolver, schema.get("items"), x) for x in parts], None
    if kind == "object":
        if explode:
            pairs = [x.partition("=") for x in parts]
            return {k: _cast(resolver, props.get(k), v) for k, _, v in pairs}, None
        if len(parts) % 2:
            return None, "%r doesn't have key,value pairs" % raw
        return {parts[i]: _cast(resolver, props.get(parts[i]), parts[i + 1]) for i in range(0, len(parts), 2)}, None
    return _cast(resolver, schema, ",".join(parts) if style == "label" else parts[0]), None


def _cast(resolver, schema, text):
    kind = _schema_type(resolver, schema)
    try:
        if kind == "integer":
            return int(text)
        if kind == "number":
            return float(text)
        if kind == "boolean":
            return {"true": True, "false": False}.get(text, text)
    except ValueError:
        return text
    return text


def security_reason(resolver, doc, operation):
    requirements = operation.get("security", doc.get("security")) or []
    schemes = (doc.get("components") or {}).get("securitySchemes") or {}
    options = []
    for requirement in requirements:
        parts = []
        for name in requirement or {}:
            scheme, _ = resolver.deref(schemes.get(name) or {})
            kind = scheme.get("type")
            if kind == "apiKey":
                parts.append("%s: %s '%s'" % (name, scheme.get("in"), scheme.get("name")))
            elif kind == "http":
                parts.append("%s: Authorization: %s ..." % (name, scheme.get("scheme", "")))
            else:
                parts.append("%s: Authorization: Bearer <token> (%s)" % (name, kind))
        options.append(" and ".join(parts))
    return "missing or malformed credentials: the operation requires one of [%s]" % "; ".join(options)


def find_template(doc, template_hint):
    return template_hint if template_hint in (doc.get("paths") or {}) else None


def methods_of(doc, template):
    item = (doc.get("paths") or {}).get(template) or {}
    return [m.upper() for m in HTTP_METHODS if m in item]


def path_template(path_pattern, base_path):
    """The document's path template from openapi-core's full URL pattern."""
    path = urllib.parse.urlsplit(path_pattern).path if "://" in path_pattern else path_pattern
    path = urllib.parse.unquote(path)
    if base_path and path.startswith(base_path):
        path = path[len(base_path):] or "/"
    return re.sub(r"/+", "/", path)
