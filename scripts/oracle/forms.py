"""The serializations openapi-core can't deserialize, read as OpenAPI 3.1 describes them, so that
their values can be validated against their schemas:

- cookie parameters in style form with explode true holding an object: each property is its own
  `name=value` pair (`R=100; G=200`, or `R=100&G=200`), never under the parameter's name;
- form bodies (application/x-www-form-urlencoded) whose `encoding` gives a property a style:
  form (explode false `R,100,G,200`, explode true `R=100&G=200`, arrays `a,b` or `x=a&x=b`),
  spaceDelimited and pipeDelimited (`a b`, `a|b`), deepObject (`color[R]=100`);
- multipart/form-data bodies with such an `encoding`: OpenAPI 3.0.0 to 3.0.3 and 3.1.0 say the
  style SHALL be ignored for any media type but application/x-www-form-urlencoded, so the parts
  are read as they are (a JSON part as JSON, text parts as text, repeated parts as an array);
  later versions apply the style to the parts' names and values as in a form body.

Each function returns (value, reasons): the value to validate, and what isn't the document's
serialization.
"""

import email.parser
import email.policy
import json
import re
import urllib.parse

DELIMITERS = {"form": ",", "spaceDelimited": " ", "pipeDelimited": "|"}


def styled_multipart(version):
    """Whether the document's version applies an encoding's style to multipart/form-data."""
    match = re.match(r"^3\.(\d+)\.(\d+)", str(version or ""))
    if not match:
        return False
    minor, patch = int(match.group(1)), int(match.group(2))
    return (minor == 0 and patch >= 4) or (minor == 1 and patch >= 1) or minor >= 2


def cookie_object(header, name, schema, cast, explode_kind_props):
    """A form-style, exploded object cookie: its properties as their own pairs."""
    props, extra = explode_kind_props
    pairs = [urllib.parse.unquote(p.strip()).partition("=") for p in re.split(r"[;&]", header or "") if p.strip()]
    if any(k == name for k, _, _ in pairs):
        return None, ["cookie parameter '%s' is sent as %s=...; the document says style form, explode true: each "
                      "property as its own name=value pair" % (name, name)]
    value = {}
    for k, _, v in pairs:
        if k in props or (not props and extra):
            value[k] = cast(props.get(k, extra if isinstance(extra, dict) else None), v)
    return value, []


def multipart_parts(body, content_type):
    """[(name, text or JSON value, is JSON, bytes)] of a multipart/form-data body, or None."""
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body)
    if not message.is_multipart():
        return None
    parts = []
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if name is None:
            continue
        data = part.get_payload(decode=True) or b""
        if part.get_content_type().endswith("json"):
            try:
                parts.append((name, json.loads(data), True, data))
                continue
            except ValueError:
                pass
        parts.append((name, data.decode("utf-8", "replace"), False, data))
    return parts


def unstyled_parts(parts, properties, kind_of, cast):
    """A multipart body whose encoding's style doesn't apply: parts as they are."""
    value = {}
    for name in dict.fromkeys(n for n, _, _ in parts):
        found = [(v, is_json) for n, v, is_json in parts if n == name]
        schema = properties.get(name)
        kind = kind_of(schema)
        if kind == "array" and not (len(found) == 1 and found[0][1] and isinstance(found[0][0], list)):
            items = (schema or {}).get("items") if isinstance(schema, dict) else None
            value[name] = [v if is_json else cast(items, v) for v, is_json in found]
        else:
            v, is_json = found[0]
            value[name] = v if is_json else cast(schema, v)
    return value, []


def styled_pairs(pairs, properties, encoding, kind_of, cast, where="form property"):
    """A form body (or a styled multipart body's text parts): each property read by its style."""
    value, reasons = {}, []
    claimed = set()
    for name, schema in properties.items():
        enc = encoding.get(name) or {}
        style = enc.get("style", "form")
        explode = enc.get("explode", style == "form")
        kind = kind_of(schema)
        resolved = schema if isinstance(schema, dict) else {}
        own = [v for k, v in pairs if k == name]
        if kind == "object":
            props = resolved.get("properties") or {}
            if style == "deepObject":
                found = {k[len(name) + 1:-1]: v for k, v in pairs if k.startswith(name + "[") and k.endswith("]")}
                claimed |= {"%s[%s]" % (name, k) for k in found}
            elif explode:
                found = {k: v for k, v in pairs if k in props and k not in properties}
                claimed |= set(found)
            elif own:
                parts = own[0].split(DELIMITERS.get(style, ","))
                if len(parts) % 2:
                    reasons.append("%s '%s': %r doesn't have key%svalue pairs (style %s, explode false)" % (
                        where, name, own[0], DELIMITERS.get(style, ","), style))
                    continue
                found = {parts[i]: parts[i + 1] for i in range(0, len(parts), 2)}
            else:
                found = {}
            if found:
                value[name] = {k: cast(props.get(k), v) for k, v in found.items()}
        elif kind == "array":
            if not own:
                continue
            items = resolved.get("items")
            if explode or style == "deepObject":
                value[name] = [cast(items, v) for v in own]
            else:
                value[name] = [cast(items, v) for v in own[0].split(DELIMITERS.get(style, ","))]
        elif own:
            value[name] = cast(schema, own[0])
        claimed.add(name)
    for k, v in pairs:
        if k not in claimed and k not in value:
            value.setdefault(k, v)  # additional properties: as sent, for the schema to judge
    return value, reasons
