"""Binary request bodies and multipart parts, read as OpenAPI describes them.

A body or part is binary when its schema says so: `type: string` with `format: binary` (OpenAPI
3.0), `contentMediaType` or `contentEncoding: binary` (3.1); `format: base64` or `byte` (3.0) or
`contentEncoding: base64` / `base64url` (3.1) make it base64 text, checked as such. Any bytes are
a binary value; the schema then sees them as a string (each byte a character), so that its other
keywords still apply. Text that isn't binary is UTF-8, read as the schema's type.
"""

import base64
import binascii
import re


def binary_kind(schema):
    """'binary', 'base64', 'base64url' or None for a resolved schema."""
    if not isinstance(schema, dict):
        return None
    encoding = str(schema.get("contentEncoding") or "").lower()
    if encoding in ("base64", "base64url"):
        return encoding
    form = schema.get("format")
    if form in ("base64", "byte"):
        return "base64"
    if form == "binary" or encoding == "binary" or "contentMediaType" in schema:
        return "binary"
    return None


def base64_reason(data, kind):
    """Why bytes aren't base64 text of the kind, or None."""
    text = data.strip()
    alphabet = rb"[A-Za-z0-9_-]" if kind == "base64url" else rb"[A-Za-z0-9+/]"
    if not re.fullmatch(alphabet + rb"*={0,2}", text) or (b"=" in text and len(text) % 4):
        return "%r is not %s text" % (data[:40], kind)
    try:
        padded = text + b"=" * (-len(text) % 4)
        (base64.urlsafe_b64decode if kind == "base64url" else base64.b64decode)(padded)
    except (binascii.Error, ValueError):
        return "%r is not %s text" % (data[:40], kind)
    return None


def as_schema_sees(data, schema):
    """(value, reasons) of a binary body or part for its schema: the bytes as a string."""
    kind = binary_kind(schema)
    if kind in ("base64", "base64url"):
        reason = base64_reason(data, kind)
        if reason:
            return None, [reason]
        return data.strip().decode("ascii"), []
    return data.decode("latin-1"), []


def media_for(content, ctype):
    """The media type object of a content map for a sent type: exact, then type/*, then */*."""
    content = content or {}
    keys = {k.split(";")[0].strip().lower(): k for k in content}
    for candidate in (ctype, ctype.split("/")[0] + "/*", "*/*"):
        if candidate in keys:
            return content[keys[candidate]]
    return None


def is_raw(ctype):
    """Media types openapi-core reads as bytes: neither JSON, text, XML, nor forms."""
    return not (ctype.endswith("json") or ctype.startswith("text/") or ctype.endswith("xml")
                or ctype in ("application/x-www-form-urlencoded", "multipart/form-data", "")
                or ctype.startswith("multipart/"))
