"""What the oracle answers a valid request: a status the operation declares and a body and headers
the document allows, validated with openapi-core before it is sent."""

import json
import random
import re
import zlib

from checks import Response, fault_reasons, reasons_of
from document import SchemaConverter, Unsatisfiable
from generate import LARGEST, fill, hypothesis_values, is_json, json_text, ndjson, plain_body

NO_BODY_STATUSES = (204, 205, 304)
# The statuses that send the client elsewhere, which a Location names.
REDIRECT_STATUSES = (301, 302, 303, 307, 308)
BOUNDARY = "oracle-boundary-7d1f"


def multipart(value):
    """multipart/form-data: a part per property, objects and arrays as JSON."""
    lines = []
    for name, item in (value if isinstance(value, dict) else {"value": value}).items():
        lines.append("--" + BOUNDARY)
        if isinstance(item, (dict, list)):
            lines += ['Content-Disposition: form-data; name="%s"' % name, "Content-Type: application/json", "",
                      json.dumps(item)]
        else:
            text = str(item).lower() if isinstance(item, bool) else str(item)
            lines += ['Content-Disposition: form-data; name="%s"' % name, "Content-Type: text/plain", "", text]
    lines.append("--" + BOUNDARY + "--")
    return ("\r\n".join(lines) + "\r\n").encode()


def status_code(key):
    key = str(key).upper()
    if re.fullmatch(r"[1-5]XX", key):
        return int(key[0]) * 100
    return int(key) if key.isdigit() else None


class Responder:
    def __init__(self, app, doc, resolver, error_rate=0.0, errors_only=False, seed=1):
        self.app = app
        self.doc = doc
        self.resolver = resolver
        self.error_rate = error_rate
        self.errors_only = errors_only
        self.seed = seed
        self.rng = random.Random(seed)
        self.rotation = {}
        self.cache = {}

    # Which status.

    def statuses(self, operation):
        responses, _ = self.resolver.deref(operation.get("responses") or {})
        declared = {}
        for key in responses or {}:
            code = status_code(key)
            if code is not None:
                declared.setdefault(code, key)
        return responses or {}, declared

    def success(self, operation):
        responses, declared = self.statuses(operation)
        codes = sorted(c for c in declared if 200 <= c < 300)
        if codes:
            return declared[codes[0]], codes[0]
        if "default" in responses:
            return "default", 200
        if declared:
            code = min(declared)
            return declared[code], code
        return None, 200

    def errors(self, operation):
        responses, declared = self.statuses(operation)
        out = [(declared[c], c) for c in sorted(declared) if c >= 400]
        if "default" in responses:
            code = next(c for c in (500, 502, 503, 418, 422, 409, 400) if c not in declared)
            out.append(("default", code))
        return out

    def has_body(self, operation, key):
        responses, _ = self.statuses(operation)
        response, _ = self.resolver.deref(responses.get(key) or {})
        return bool((response or {}).get("content"))

    def choose(self, label, operation):
        """(response key, status, note) for this call."""
        errors = self.errors(operation)
        if self.errors_only:
            if not errors:
                key, code = self.success(operation)
                return key, code, "no-error-declared"
            with_body = [e for e in errors if self.has_body(operation, e[0])] or errors
            turn = self.rotation.get(label, 0)
            self.rotation[label] = turn + 1
            key, code = with_body[turn % len(with_body)]
            return key, code, "error"
        if self.error_rate > 0 and self.rng.random() < self.error_rate:
            if errors:
                key, code = errors[self.rng.randrange(len(errors))]
                return key, code, "error"
            key, code = self.success(operation)
            return key, code, "no-error-declared"
        key, code = self.success(operation)
        return key, code, None

    # What body.

    def answer(self, request, label, operation, key, code):
        """(status, headers, body bytes, document faults) — status 598 when nothing valid exists."""
        cache_key = (label, key, code, request.method)
        self._operation = operation
        if cache_key not in self.cache:
            self.cache[cache_key] = self._build(request, label, operation, key, code)
        return self.cache[cache_key]

    def _build(self, request, label, operation, key, code):
        responses, _ = self.statuses(operation)
        response, base = self.resolver.deref(responses.get(key) or {}) if key else ({}, None)
        response = response or {}
        faults = []
        headers = self._headers(response, base, label, faults)
        if code in REDIRECT_STATUSES and not any(k.lower() == "location" for k in headers):
            reason = "%s %s: a redirect whose Location the document doesn't declare: no client can follow it" % (label, code)
            return 598, {"Content-Type": "application/json"}, None, faults + [reason]
        content = response.get("content") or {}
        if not content or code in NO_BODY_STATUSES or request.method == "head":
            headers = framed(headers, b"")
            return self._validated(request, code, headers, None, b"", faults, label) or (code, headers, b"", faults)
        media_type = self._media_type(content)
        media, mbase = self.resolver.deref(content[media_type], base)
        media = media or {}
        sent_type = self._sent_type(media_type)
        candidates = []
        examples = []
        if "example" in media:
            examples.append(("its example", media["example"]))
        for name, example in (media.get("examples") or {}).items():
            example, _ = self.resolver.deref(example, mbase)
            if isinstance(example, dict) and "value" in example:
                examples.append(("its example '%s'" % name, example["value"]))
                break
        for where, value in examples:
            candidates.append((where, value))
        generated = []
        schema = media.get("schema")
        if schema is not None:
            try:
                converted = SchemaConverter(self.resolver).convert(schema, mbase)
            except Unsatisfiable as e:
                converted = None
                faults.append("%s %s: its schema can't be satisfied: %s" % (label, code, e))
            except (KeyError, IndexError, ValueError, OSError) as e:
                converted = None
                faults.append("%s %s: a reference of its schema doesn't resolve: %s" % (label, code, e))
            if converted is not None:
                seed = self.seed
                if is_json(media_type) or media_type.startswith("text/event-stream") or \
                        (isinstance(converted, dict) and converted.get("type") not in (None, "string")):
                    generated = [("a generated value", v) for v in hypothesis_values(converted, seed)]
                generated.append(("a filled value", fill(converted)))
        elif not examples:
            generated.append(("a value", {} if is_json(media_type) else "hello"))
        tried = []
        for index, (where, value) in enumerate(candidates + generated):
            body = self._encode(media_type, value)
            if body is None or len(body) > 4 * LARGEST:
                why = "JSON can't write it (NaN or an infinity)" if body is None else "too large to send"
                tried.append("%s: %s" % (where, why))
                if index < len(candidates):
                    faults.append("%s %s %s: %s: %s; a generated value is sent" % (label, code, media_type, where, why))
                continue
            headers = framed(headers, body)
            errors = self._response_errors(request, code, sent_type, headers, body)
            if errors and not is_json(media_type) and not media_type.lower().startswith("text/"):
                # openapi-core reads a binary body as bytes, which no string schema accepts: the
                # body is checked by its content type only.
                errors = [e for e in errors if not e.startswith("response body")]
            if not errors:
                if sent_type.startswith("multipart/"):
                    sent_type = sent_type + "; boundary=" + BOUNDARY
                faults += ["%s %s: response %s" % (label, code, f) for f in self.answer_faults]
                return code, dict(headers, **{"Content-Type": sent_type}), body, faults
            tried.append("%s: %s" % (where, "; ".join(errors)[:400]))
            if index < len(candidates):
                faults.append("%s %s %s: %s doesn't validate against its schema (%s); a generated value is sent"
                              % (label, code, media_type, where, "; ".join(errors)[:300]))
        reason = "%s %s %s: no valid body could be produced: %s" % (label, code, media_type, " | ".join(tried)[:1200])
        return 598, {"Content-Type": "application/json"}, None, faults + [reason]

    def _validated(self, request, code, headers, sent_type, body, faults, label):
        errors = self._response_errors(request, code, sent_type, headers, body)
        if code in NO_BODY_STATUSES and any("Missing response data" in e for e in errors):
            # HTTP gives these statuses no body, whatever the document declares.
            faults.append("%s %s: the document declares a body for a status that has none" % (label, code))
            errors = [e for e in errors if "Missing response data" not in e]
        if errors:
            reason = "%s %s: no valid answer without a body: %s" % (label, code, "; ".join(errors)[:600])
            return 598, {"Content-Type": "application/json"}, None, faults + [reason]
        return None

    def _media_type(self, content):
        types = list(content)
        for preferred in ("application/json",):
            for t in types:
                if t.split(";")[0].strip().lower() == preferred:
                    return t
        for t in types:
            if is_json(t) and "*" not in t:
                return t
        return types[0]

    @staticmethod
    def _sent_type(media_type):
        mt = media_type.split(";")[0].strip()
        if mt in ("*/*", "application/*"):
            return "application/json"
        if mt.endswith("/*"):
            return {"image": "image/png", "text": "text/plain"}.get(mt.split("/")[0], "application/octet-stream")
        return media_type

    @staticmethod
    def _encode(media_type, value):
        """The body's bytes, or None when the value can't be written (NaN or an infinity in JSON)."""
        mt = media_type.split(";")[0].strip().lower()
        if value is not None and not isinstance(value, str) and json_text(value) is None:
            return None  # JSON has no NaN or infinities, and neither do forms and headers
        if mt.startswith("text/event-stream"):
            data = value if isinstance(value, str) else json.dumps(value)
            return ("data: %s\n\ndata: %s\n\n" % (data, data)).encode()
        if mt.startswith("multipart/"):
            return multipart(value)
        if ndjson(mt):
            return (json_text(value) + "\n").encode()
        if is_json(mt):
            return json_text(value).encode()
        if mt.startswith("text/") and isinstance(value, (str, int, float, bool)):
            return str(value).encode() if not isinstance(value, bool) else str(value).lower().encode()
        if mt.startswith("text/"):
            return plain_body(mt)
        if isinstance(value, str) and not mt.startswith("image/") and mt != "application/octet-stream":
            return value.encode()
        return plain_body(mt)

    def _headers(self, response, base, label, faults):
        """The response's declared headers with a value each; the framing headers (see
        framed()) are the server's to write."""
        out = {}
        for name, header in (response.get("headers") or {}).items():
            if name.lower() == "content-type":
                continue
            header, hbase = self.resolver.deref(header, base)
            if not isinstance(header, dict):
                continue
            schema = header.get("schema")
            if schema is None:
                if not header.get("required"):
                    continue  # an optional header with content: openapi-core can't read one
                for media in (header.get("content") or {}).values():
                    schema = (media or {}).get("schema")
                    break
            value = header.get("example")
            if value is None:
                try:
                    value = fill(SchemaConverter(self.resolver).convert(schema or {"type": "string"}, hbase))
                except (Unsatisfiable, KeyError, ValueError) as e:
                    faults.append("%s: header %s can't be generated: %s" % (label, name, e))
                    continue
            out[name] = json.dumps(value) if "content" in header else self._header_text(value)
        return out

    @staticmethod
    def _header_text(value):
        if isinstance(value, bool):
            return str(value).lower()
        if isinstance(value, list):
            return ",".join(Responder._header_text(v) for v in value)
        if isinstance(value, dict):
            return ",".join("%s,%s" % (k, Responder._header_text(v)) for k, v in value.items())
        return str(value)

    def _response_errors(self, request, code, sent_type, headers, body):
        if "responses" not in self._operation:
            return []  # an operation without responses (OpenAPI 3.1) allows any answer
        if sent_type and sent_type.startswith("multipart/"):
            sent_type += "; boundary=" + BOUNDARY
        response = Response(code, sent_type or "", dict(headers, **({"Content-Type": sent_type} if sent_type else {})),
                            body)
        out = []
        self.answer_faults = []  # what the document leaves ambiguous in this answer
        try:
            for error in self.app.response_validator.iter_errors(request, response):
                faults = fault_reasons(error)
                self.answer_faults += [f for f in faults if f not in self.answer_faults]
                described = reasons_of(error)
                out += described if described or faults else [str(error)]
        except Exception as e:  # a document openapi-core can't read at this place
            out.append("openapi-core: %s: %s" % (type(e).__name__, str(e)[:200]))
        if request.method == "head":  # a HEAD answer has no body, whatever the document declares
            out = [r for r in out if "Missing response data" not in r]
        return [r.replace("body", "response body", 1) if r.startswith("body") else r for r in out]


FRAMING_HEADERS = ("content-length", "transfer-encoding", "connection")


def framed(headers, body):
    """headers with the ones that frame the message on the wire set from body, not from the
    document's schema: Content-Length is the body's length (a document may declare the header,
    and a generated value would break the connection), Transfer-Encoding and Connection are the
    server's."""
    out = {k: v for k, v in headers.items() if k.lower() not in FRAMING_HEADERS}
    if any(k.lower() == "content-length" for k in headers):
        out["Content-Length"] = str(len(body))
    return out
