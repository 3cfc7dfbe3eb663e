"""Values for responses: drawn from a JSON Schema with hypothesis-jsonschema (seeded, so the same
schema gives the same values), or by a small generator that fills everything when hypothesis
can't (time limit, unsupported keywords)."""

import base64
import datetime
import json
import random
import re
import signal
import sys
import uuid
import warnings

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from hypothesis.errors import HypothesisException
from hypothesis_jsonschema import from_schema

CUSTOM_FORMATS = {
    "uuid": st.uuids().map(str),
    "byte": st.binary(min_size=1, max_size=12).map(lambda b: base64.b64encode(b).decode()),
    "date-time": st.datetimes(min_value=datetime.datetime(2000, 1, 1), max_value=datetime.datetime(2099, 12, 31),
                              timezones=st.just(datetime.timezone.utc))
    .map(lambda d: d.replace(microsecond=0).isoformat().replace("+00:00", "Z")),
    "date": st.dates(min_value=datetime.date(2000, 1, 1), max_value=datetime.date(2099, 12, 31)).map(str),
    "uri": st.sampled_from(["https://example.com/a", "https://example.org/b/c?d=1"]),
    "email": st.sampled_from(["ada@example.com", "grace@example.org"]),
}


LARGEST = 64_000  # characters of JSON a generated value keeps under, clients limit answers


def json_text(value):
    """JSON text of a value, or None when JSON can't write it (NaN, infinities)."""
    try:
        return json.dumps(value, allow_nan=False)
    except ValueError:
        return None


def plain_numbers(value):
    """The value with the numbers every JSON reader takes: None when it holds a NaN or an
    infinity; numbers too small for a 32-bit float (subnormals, 5e-324) read as 0."""
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return None
        return 0.0 if 0 < abs(value) < 1e-30 else value
    if isinstance(value, list):
        items = [plain_numbers(v) for v in value]
        return None if any(i is None and v is not None for i, v in zip(items, value)) else items
    if isinstance(value, dict):
        out = {k: plain_numbers(v) for k, v in value.items()}
        return None if any(out[k] is None and value[k] is not None for k in value) else out
    return value


class TimeLimit(Exception):
    pass


_unraisable = sys.unraisablehook


def _quiet_time_limit(unraisable):
    if not isinstance(unraisable.exc_value, TimeLimit):
        _unraisable(unraisable)


sys.unraisablehook = _quiet_time_limit


_generating = [False]


def _alarm(signum, frame):
    # Hypothesis may swallow an exception raised in a callback: the timer fires again until
    # generation stops.
    if _generating[0]:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        raise TimeLimit()


_drawn = {}
_kept = [None]  # the file each new draw is appended to, if any


def keep_values_in(path):
    """Draws kept in `path`, a JSON object a line: those already there are used as drawn, and each
    new one is added. Oracles that serve one document one after another (a pass of successes, then
    one of errors) then answer with the same values and draw each schema once: hypothesis takes
    a tenth of a second to a second a schema, and its draws under the time limit may differ from
    run to run."""
    unfinished = False  # whether the last line has no newline: a run stopped while writing it
    try:
        with open(path, encoding="utf-8") as kept:
            for line in kept:
                unfinished = not line.endswith("\n")
                try:
                    entry = json.loads(line)
                    _drawn[(entry["schema"], entry["seed"])] = entry["values"]
                except (ValueError, KeyError, TypeError):  # a line an earlier run left unfinished
                    continue
    except FileNotFoundError:
        pass
    _kept[0] = open(path, "a", encoding="utf-8")
    if unfinished:  # ended, so that the next draw starts a line of its own
        _kept[0].write("\n")
        _kept[0].flush()


def hypothesis_values(schema, seed_value, count=12, seconds=0.8, largest=8000):
    """Up to `count` values of the schema, the same for the same seed; [] when hypothesis can't (or
    the schema is too large for it to be quick: the caller fills those). Cached by schema, since
    many operations share their error and model schemas, and kept in the file `keep_values_in`
    names."""
    text = json.dumps(schema, sort_keys=True)
    if len(text) > largest:
        return []
    if (text, seed_value) not in _drawn:
        try:
            _drawn[(text, seed_value)] = _hypothesis_values(schema, seed_value, count, seconds)
        except TimeLimit:  # raised as generation ended
            _drawn[(text, seed_value)] = []
        if _kept[0] is not None:
            _kept[0].write(json.dumps({"schema": text, "seed": seed_value, "values": _drawn[(text, seed_value)]}) + "\n")
            _kept[0].flush()
    return _drawn[(text, seed_value)]


def _hypothesis_values(schema, seed_value, count, seconds):
    values = []
    previous = signal.signal(signal.SIGALRM, _alarm)
    _generating[0] = True
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            strategy = from_schema(schema, custom_formats=CUSTOM_FORMATS, allow_x00=False, codec="ascii")

            @seed(seed_value)
            @settings(max_examples=count, database=None, derandomize=False, deadline=None,
                      phases=[Phase.generate], suppress_health_check=list(HealthCheck))
            @given(strategy)
            def collect(value):
                values.append(value)
            collect()
    except (TimeLimit, HypothesisException, Exception):  # time out, unsupported keyword...
        pass
    finally:
        _generating[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    # The richest draws first: the first ones are minimal (empty strings and arrays).
    unique = []
    for value in values:
        value = plain_numbers(value)
        if value is not None and value not in unique and len(json_text(value) or LARGEST) < LARGEST:
            unique.append(value)
    return sorted(unique, key=lambda v: -_richness(v))


def _richness(value):
    if isinstance(value, dict):
        return 1 + sum(_richness(v) for v in value.values())
    if isinstance(value, list):
        return 1 + sum(_richness(v) for v in value)
    if isinstance(value, str):
        return 1 if value.strip() and value.isprintable() else 0
    return 1 if value not in (0, False, None) else 0


_FORMAT_VALUES = {
    "uuid": "3fa85f64-5717-4562-b3fc-2c963f66afa6", "date-time": "2024-05-17T10:20:30Z", "date": "2024-05-17",
    "time": "10:20:30Z", "email": "ada@example.com", "uri": "https://example.com/a", "uri-reference": "/a",
    "hostname": "example.com", "ipv4": "192.0.2.1", "ipv6": "2001:db8::1", "byte": "aGVsbG8=",
    "iri": "https://example.com/a", "iri-reference": "/a", "uri-template": "https://example.com/{a}",
    "idn-email": "ada@example.com", "idn-hostname": "example.com", "json-pointer": "/a", "regex": "a+",
}


def fill(schema, depth=0):
    """A value with every property filled: the generator of last resort."""
    if schema is True or not isinstance(schema, dict):
        return "value"
    if "const" in schema:
        return schema["const"]
    if "enum" in schema and schema["enum"]:
        return schema["enum"][0]
    if "allOf" in schema:
        merged = {}
        for part in schema["allOf"]:
            value = fill(part, depth + 1)
            if isinstance(value, dict):
                merged.update(value)
            elif not merged:
                return value
        for k, v in fill({k: v for k, v in schema.items() if k != "allOf"}, depth + 1).items() \
                if "properties" in schema else []:
            merged.setdefault(k, v)
        return merged
    for key in ("oneOf", "anyOf"):
        if key in schema and schema[key]:
            value = fill(schema[key][0], depth + 1)
            if isinstance(value, dict) and "properties" in schema:
                value.update({k: v for k, v in fill({k: v for k, v in schema.items() if k != key},
                                                     depth + 1).items() if k not in value})
            return value
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = kind[0]
    if kind is None:
        kind = "object" if "properties" in schema else "array" if "items" in schema else "string"
    if kind == "object":
        out = {}
        for name, sub in (schema.get("properties") or {}).items():
            out[name] = fill(sub, depth + 1)
        for name in schema.get("required") or []:
            out.setdefault(name, "value")
        if not out and isinstance(schema.get("additionalProperties"), dict):
            out["key"] = fill(schema["additionalProperties"], depth + 1)
        return out
    if kind == "array":
        if schema.get("maxItems") == 0 or depth > 6:
            return []  # deep arrays stay empty, so that a large schema gives a small value
        items = schema.get("items", {})
        if isinstance(items, list):
            return [fill(i, depth + 1) for i in items]
        return [fill(items, depth + 1) for _ in range(max(1, schema.get("minItems", 1)))]
    if kind in ("integer", "number"):
        low = schema.get("minimum", schema.get("exclusiveMinimum", 0))
        value = low + (1 if "exclusiveMinimum" in schema else 0) if "minimum" in schema or "exclusiveMinimum" in schema else 1
        if "maximum" in schema and value > schema["maximum"]:
            value = schema["maximum"]
        multiple = schema.get("multipleOf")
        if multiple:
            value = multiple * max(1, round(value / multiple))
        return int(value) if kind == "integer" else float(value)
    if kind == "boolean":
        return True
    if kind == "null":
        return None
    text = _FORMAT_VALUES.get(schema.get("format"), "string")
    if "pattern" in schema and not re.search(schema["pattern"], text):
        try:
            text = st.from_regex(schema["pattern"], fullmatch=True).example()
        except Exception:
            pass
    low, high = schema.get("minLength", 0), schema.get("maxLength")
    if len(text) < low:
        text = text + "x" * (low - len(text))
    if high is not None and len(text) > high:
        text = text[:high]
    return text


def plain_body(media_type, value=None, rng=None):
    """Bytes of a plausible body for a media type that isn't JSON."""
    rng = rng or random.Random(1)
    mt = media_type.lower()
    if mt.startswith("text/event-stream"):
        data = json.dumps(value) if value is not None and not isinstance(value, str) else (value or "hello")
        return ("data: %s\n\n" % data).encode()
    if mt.startswith("text/") or mt.endswith("+xml") or mt.endswith("/xml"):
        if mt.endswith("xml"):
            return b"<?xml version=\"1.0\"?><value>text</value>"
        return (value if isinstance(value, str) else "hello, world").encode()
    if mt.startswith("image/png"):
        return base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
    return bytes(rng.randrange(256) for _ in range(16))


def is_json(media_type):
    mt = media_type.split(";")[0].strip().lower()
    return mt in ("application/json", "*/*", "application/*") or mt.endswith("+json") or mt.endswith("/json") \
        or mt in ("application/x-ndjson", "application/jsonl", "application/json-seq", "application/x-jsonlines")


def ndjson(mt):
    mt = mt.lower()
    return mt in ("application/x-ndjson", "application/jsonl", "application/x-jsonlines", "application/json-seq")


def lower_uuid(value):
    return str(uuid.UUID(value)) if isinstance(value, str) else value
