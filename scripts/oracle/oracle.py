#!/usr/bin/env python3
"""An HTTP server on the loopback interface that answers only what an OpenAPI 3.x document
allows, independent of StrategyKit's code.

    oracle.py DOC [--port 0] [--log FILE] [--error-rate R] [--errors-only] [--seed N]
                  [--idle-timeout SECONDS] [--values FILE]

Every request is validated against the document with openapi-core (path, query in every style,
headers, cookies, JSON, form and multipart bodies, security) plus checks openapi-core lacks
(UUIDs in lower case, query styles it reads loosely, and the styles it can't deserialize, read
per OpenAPI 3.1 in forms.py: exploded object cookies, form bodies whose encoding gives styles,
multipart bodies whose encoding's style the document's version ignores). An invalid request gets
status 597 and `{"errors": [...]}`; a valid one the operation's success response, or with --error-rate R a
seeded fraction R of them (every one with --errors-only) a declared error status, with a body
from the document's example or generated from its schema, validated before it is sent. When
nothing valid can be produced the answer is 598 and the log names the document fault.

`oneOf` and `anyOf` are read as OpenAPI reads them (polymorph.py): a discriminator, its own or
one its members inherit through `allOf`, picks the member the value must be valid under; a value
valid under several members that neither a discriminator, their types nor their required
properties tell apart is a fault of the document (598, the operation left out of the figures),
as is a discriminator on a property none of its members declares.

A request body that carries a property the document marks `readOnly: true` is invalid (597),
wherever the keyword stands (coverage.py). Each request's log line holds, under `coverage`, what
it carried of what the operation (and each variant it also reached) declares: parameters, body
properties, nulls, free-form objects with keys and readOnly properties, as coverage.py names them.

The first line on stdout is `oracle listening on http://127.0.0.1:PORT<BASEPATH>`; each request
is one JSON line in --log (with ORACLE_TRACE=FILE, the raw request too, in FILE). With --values
FILE, the values drawn from schemas are kept in FILE and read from it: oracles run one after another
on one document with the same FILE answer alike and draw each schema once.
"""

import argparse
import http.server
import json
import os
import re
import signal
import sys
import threading
import time
import urllib.parse
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
warnings.simplefilter("ignore")
# Hypothesis keeps its caches beside the interpreter (the venv), not in the working directory.
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", os.path.join(sys.prefix, "hypothesis-home"))

from checks import (Request, fault_reasons, make_app, path_template, reasons_of,  # noqa: E402
                    security_reason, strict_reasons, operation_parameters)
from document import (HTTP_METHODS, Resolver, drop_ignored_headers, first_server_base_path, openapi_version, point_servers_at,  # noqa: E402
                      read_file, split_query_templates)
from responder import FRAMING_HEADERS, Responder  # noqa: E402
from coverage import Coverage  # noqa: E402
from generate import keep_values_in  # noqa: E402


class Oracle:
    def __init__(self, path, args):
        self.path = os.path.abspath(path)
        doc = read_file(self.path)
        if not openapi_version(doc):
            raise SystemExit("oracle: %s is not an OpenAPI 3.x document" % path)
        self.doc = doc
        self.base_path = first_server_base_path(doc)
        self.args = args
        self.seq = 0
        self.log = open(args.log, "a", encoding="utf-8") if args.log else None
        self.last_request = time.monotonic()

    def start(self, port):
        self.host_url = "http://127.0.0.1:%d" % port
        self.original_templates, self.fixed_queries = split_query_templates(self.doc)
        point_servers_at(self.doc, self.host_url + self.base_path)
        self.resolver = Resolver(self.path, self.doc)
        drop_ignored_headers(self.doc, self.resolver)
        self.coverage = Coverage(self.resolver, self.doc)
        self.app = make_app(self.doc, "file://" + self.path)
        self.responder = Responder(self.app, self.doc, self.resolver, error_rate=self.args.error_rate,
                                   errors_only=self.args.errors_only, seed=self.args.seed)
        self.start_variants()

    def start_variants(self):
        """Path keys that differ only by what follows `#` (`/files/{id}`, `/files/{id}#shared_link`)
        name one URL: a request for it may be meant for any of them. Each variant gets an app of its
        own in which it stands at the plain key; a request is credited to the first candidate of its
        method that it is valid for, the most demanding (most required items) tried first. A
        candidate that requires what an earlier one requires, by name and place, with the same body,
        can't be reached: a fault of the document, logged at once."""
        paths = self.doc.get("paths") or {}
        self.groups, self.variant_apps, self.unreachable, self.finding_apps = {}, {}, {}, {}
        for key in paths:
            if "#" in key:
                self.groups.setdefault(key.partition("#")[0], [])
        for key in paths:
            base = key.partition("#")[0]
            if base in self.groups:
                self.groups[base].append(key)
        for base, keys in self.groups.items():
            for key in keys:
                if key == base:
                    continue
                variant_paths = {}
                for k, item in paths.items():
                    if k == key:
                        continue
                    variant_paths[k] = paths[key] if k == base else item
                variant_paths.setdefault(base, paths[key])
                self.variant_apps[key] = make_app(dict(self.doc, paths=variant_paths), "file://" + self.path)
                item, _ = self.resolver.deref(paths[key])
                plain = self.resolver.deref(paths[base])[0] if base in paths else {}
                for method in HTTP_METHODS:
                    if isinstance(item.get(method), dict) and not isinstance(plain.get(method), dict):
                        self.finding_apps.setdefault(method, []).append(self.variant_apps[key])
            for method in HTTP_METHODS:
                seen = {}
                for key in keys:
                    item, _ = self.resolver.deref(paths[key])
                    if not isinstance(item, dict) or not isinstance(item.get(method), dict):
                        continue
                    signature = self.signature(key, method)
                    if signature in seen:
                        label = "%s %s" % (method.upper(), key)
                        reason = ("%s: no request can reach it: it requires what %s %s requires (parameters %s, "
                                  "body %s) and a client can't send the part of its path after '#'" % (
                                      label, method.upper(), seen[signature],
                                      ", ".join("%s in %s" % p for p in sorted(signature[0])) or "none",
                                      "none" if signature[1] is None else
                                      ("required" if signature[1][0] else "optional") + " "
                                      + ", ".join(m for m, _ in signature[1][1])))
                        self.unreachable[(method, key)] = reason
                        self.log_fault(method, base, label, reason)
                    else:
                        seen[signature] = key

    def signature(self, key, method):
        """What a request must carry to be valid for an operation: its required parameters by name and
        place, and its body's media types and schemas (and whether the body is required)."""
        params, operation = operation_parameters(self.resolver, self.doc, key, method)
        required = frozenset((p["name"], p.get("in")) for p in params if p.get("required"))
        body, _ = self.resolver.deref(operation.get("requestBody")) if operation.get("requestBody") else (None, None)
        if not isinstance(body, dict) or not body.get("content"):
            return required, None
        content = tuple(sorted((m, json.dumps((c or {}).get("schema"), sort_keys=True))
                               for m, c in body["content"].items()))
        return required, (bool(body.get("required")), content)

    def demand(self, key, method):
        """How much an operation requires: required parameters, a required body, its required properties."""
        params, operation = operation_parameters(self.resolver, self.doc, key, method)
        count = sum(1 for p in params if p.get("required"))
        body, base = self.resolver.deref(operation.get("requestBody")) if operation.get("requestBody") else (None, None)
        if isinstance(body, dict):
            count += 1 if body.get("required") else 0
            most = 0
            for media in (body.get("content") or {}).values():
                schema, _ = self.resolver.deref((media or {}).get("schema") or {}, base)
                if isinstance(schema, dict) and isinstance(schema.get("required"), list):
                    most = max(most, len(schema["required"]))
            count += most
        return count

    def candidates(self, template, method):
        """(key, app) in the order they are tried, and the key whose reasons stand when none is met."""
        keys = self.groups.get(template)
        if not keys:
            return [(template, self.app)], template
        paths = self.doc["paths"]
        keys = [k for k in keys if isinstance(self.resolver.deref(paths[k])[0].get(method), dict)
                and (method, k) not in self.unreachable]
        if not keys:
            return [(template, self.app)], template
        order = sorted(keys, key=lambda k: -self.demand(k, method))
        return [(k, self.variant_apps.get(k, self.app)) for k in order], keys[0]

    def undeclared(self, request, key):
        """How many query items, headers, cookies and top-level JSON body properties of a request an
        operation doesn't declare."""
        params, operation = operation_parameters(self.resolver, self.doc, key, request.method)
        names = {(p.get("in"), p["name"].lower() if p.get("in") == "header" else p["name"]) for p in params}
        count = 0
        for name, _ in request.query_pairs:
            if ("query", name) not in names and ("query", name.split("[")[0]) not in names:
                count += 1
        count += sum(1 for name in request.parameters.header.keys() if ("header", name.lower()) not in names)
        count += sum(1 for name in request.parameters.cookie.keys() if ("cookie", name) not in names)
        body, base = self.resolver.deref(operation.get("requestBody")) if operation.get("requestBody") else (None, None)
        try:
            value = json.loads(request.body) if request.body else None
        except ValueError:
            value = None
        if isinstance(value, dict):
            declared = set()
            for media in ((body or {}).get("content") or {}).values() if isinstance(body, dict) else []:
                schema, _ = self.resolver.deref((media or {}).get("schema") or {}, base)
                if isinstance(schema, dict):
                    declared |= set(schema.get("properties") or {})
            count += sum(1 for name in value if name not in declared)
        return count

    def carried(self, request, operations):
        """{operation: {kind: [identities]}} of what a request carries of what each operation it
        reached declares (coverage.py), kinds it carries none of left out."""
        out = {}
        for label, key in operations:
            try:
                found = self.coverage.carried(key, request.method, request)
            except Exception as e:  # the figures go without this request; its check stands
                out[label] = {"error": "%s: %s" % (type(e).__name__, str(e)[:200])}
                continue
            out[label] = {kind: sorted(items) for kind, items in found.items() if items}
        return out

    def log_fault(self, method, path, label, reason):
        if self.log:
            self.log.write(json.dumps({"seq": 0, "method": method.upper(), "path": path, "operation": label,
                                       "operationId": None, "valid": False, "errors": [], "status": 598,
                                       "document_faults": [reason], "note": "document-fault"}) + "\n")
            self.log.flush()

    def validator_for(self, schema, value, where):
        """Validates a value the oracle deserialized itself against a schema of the document."""
        from jsonschema_path import SchemaPath
        from checks import _schema_reasons, fault_reasons
        factory = self.app.request_validator.schema_validators_factory
        spec = self.app.spec
        schema_path = spec
        if isinstance(schema, dict) and "$ref" in schema:
            schema_path = spec
            for token in schema["$ref"].lstrip("#/").split("/"):
                schema_path = schema_path / token.replace("~1", "/").replace("~0", "~")
        else:
            # Beside the document, so that its references resolve as the document's do.
            schema_path = SchemaPath.from_dict(dict(self.doc, **{"x-oracle-schema": schema or {}}),
                                               base_uri="file://" + self.path) / "x-oracle-schema"
        validator = factory.create(spec, schema_path,
                                   extra_format_validators=self.app.config.extra_format_validators)
        try:
            validator.validate(value)
        except Exception as e:  # InvalidSchemaValue
            faults = fault_reasons(e, where)
            self.request_faults += faults
            return _schema_reasons(e, where) or ([] if faults else ["%s: %s" % (where, str(e)[:300])])
        return []

    def handle(self, method, target, headers, body):
        """(status, headers, body) for one request, logged."""
        self.seq += 1
        self.last_request = time.monotonic()
        request = Request(self.host_url, method, target, headers, body)
        if os.environ.get("ORACLE_TRACE"):
            with open(os.environ["ORACLE_TRACE"], "a", encoding="utf-8") as trace:
                trace.write(json.dumps({"method": method, "target": target, "headers": headers,
                                        "body": body[:2000].decode("utf-8", "replace")}) + "\n")
        entry = {"seq": self.seq, "method": method, "path": request.path, "operation": None,
                 "operationId": None, "valid": False, "errors": [], "status": None, "document_faults": [],
                 "note": None}
        try:
            status, out_headers, out_body = self._handle(request, entry)
        except Exception as e:  # a bug of the oracle or a place of the document it can't read
            entry["errors"].append("oracle: %s: %s" % (type(e).__name__, str(e)[:300]))
            entry["note"] = "oracle-error"
            status, out_headers = 599, {"Content-Type": "application/json"}
            out_body = json.dumps({"errors": entry["errors"]}).encode()
        entry["status"] = status
        if self.log:
            self.log.write(json.dumps(entry) + "\n")
            self.log.flush()
        return status, out_headers, out_body

    def _handle(self, request, entry):
        found, error, best = None, None, None
        # A variant whose plain key is missing (or lacks the method) is found by its own app only;
        # of the paths found, the most concrete stands, as openapi-core ranks them.
        for app in [self.app] + self.finding_apps.get(request.method, []):
            try:
                result = app.request_validator.path_finder.find(request.method, self.host_url + request.path)
            except Exception as e:
                error = error or e
                continue
            rank = path_template(result.path_result.pattern, self.base_path).count("{")
            if best is None or rank < best:
                found, best = result, rank
        if found is None:
            kind = type(error).__name__
            if kind == "OperationNotFound":
                entry["errors"].append("no %s operation at %s" % (request.method.upper(), request.path))
            elif kind == "ServerNotFound":
                entry["errors"].append("%s is not under the server's base path %r" % (request.path, self.base_path))
            else:
                entry["errors"].append("no path of the document matches %s %s (base path %r)" % (
                    request.method.upper(), request.path, self.base_path))
            return self.refuse(entry)
        template = path_template(found.path_result.pattern, self.base_path)
        if template not in (self.doc.get("paths") or {}) and template not in self.groups:
            template = next((t for t in self.doc["paths"] if t.rstrip("/") == template.rstrip("/")), template)
        candidates, first = self.candidates(template, request.method)
        outcomes, met = {}, []
        for position, (key, app) in enumerate(candidates):
            outcomes[key] = self._check(request, key, app, found)
            if not outcomes[key][2]:
                met.append((self.undeclared(request, key) if len(candidates) > 1 else 0, position, key))
        # Of the candidates the request is valid for, the one that declares the most of what it
        # carries; then the most demanding; then the first in the document.
        # When none is met: the reasons of the first in the document.
        if not met:
            # A request meant for a variant no request can reach is that variant's: the fault is
            # the document's, not the client's.
            for key in self.groups.get(template, []):
                if (request.method, key) in self.unreachable:
                    label, operation, reasons, _, _ = self._check(request, key, self.variant_apps[key], found)
                    if not reasons:
                        entry["operation"], entry["operationId"] = label, operation.get("operationId")
                        entry["document_faults"] = [self.unreachable[(request.method, key)]]
                        entry["note"] = "document-fault"
                        return 598, {"Content-Type": "application/json"}, json.dumps({"errors": entry["document_faults"]}).encode()
        chosen = outcomes[min(met)[2]] if met else outcomes[first]
        label, operation, reasons, faults, app = chosen
        entry["operation"] = label
        reached = [min(met)[2] if met else first]
        if met:
            # Variants the request meets as well, that neither what it carries nor what they
            # require tells apart from the one chosen: it reached each of them.
            score, _, key = min(met)
            demand = self.demand(key, request.method)
            also = [k for s, _, k in met if s == score and k != key and self.demand(k, request.method) == demand]
            entry["also"] = [outcomes[k][0] for k in also]
            reached += also
        entry["coverage"] = self.carried(request, [(outcomes[k][0], k) for k in reached])
        entry["operationId"] = operation.get("operationId")
        if reasons:
            entry["errors"] = reasons
            return self.refuse(entry)
        if faults:
            # Nothing the client could send would be right: a fault of the document, not of the client.
            entry["document_faults"] = ["%s: request %s" % (label, f) for f in faults]
            entry["note"] = "document-fault"
            return 598, {"Content-Type": "application/json"}, json.dumps({"errors": entry["document_faults"]}).encode()
        entry["valid"] = True
        self.responder.app = app
        key, code, note = self.responder.choose(label, operation)
        entry["note"] = note
        status, headers, body, faults = self.responder.answer(request, label, operation, key, code)
        entry["document_faults"] = faults
        if status == 598:
            entry["note"] = "document-fault"
            body = json.dumps({"errors": faults}).encode()
        return status, headers, body

    def _check(self, request, template, app, found):
        """(label, operation, reasons, document faults, app) of a request read as meant for one path key."""
        label = "%s %s" % (request.method.upper(), self.original_templates.get(template, template))
        _, operation = operation_parameters(self.resolver, self.doc, template, request.method)
        reasons = []
        self.request_faults = []
        strict, superseded = strict_reasons(self.resolver, self.doc, template, request.method, request,
                                            self.validator_for, found.path_result.variables or {})
        for error in app.request_validator.iter_errors(request):
            if (getattr(error, "location", None), getattr(error, "name", None)) in superseded:
                continue
            if ("body", None) in superseded and "Body" in type(error).__name__ and "Missing" not in type(error).__name__:
                continue
            self.request_faults += fault_reasons(error)
            described = reasons_of(error)
            if described is None:
                described = [security_reason(self.resolver, self.doc, operation)]
            reasons += described
        reasons += strict
        # openapi-core refuses a readOnly property in OpenAPI 3.0 only where the keyword stands on
        # the property's own schema; every readOnly property is refused here, once.
        for reason in self.coverage.read_only_reasons(template, request.method, request):
            where = reason.split(":", 1)[0]
            reasons = [r for r in reasons if not r.startswith(where + ": Tried to write read-only property")]
            reasons.append(reason)
        # A path parameter its path doesn't name can't be sent: the document's fault.
        written = self.original_templates.get(template, template)
        for reason in list(reasons):
            match = re.match(r"path parameter '([^']*)' is required and missing$", reason)
            if match and "{%s}" % match.group(1) not in written:
                reasons.remove(reason)
                self.request_faults.append("path parameter '%s' is declared, and the path %s has no {%s}: no request "
                                           "can send it" % (match.group(1), written, match.group(1)))
        for name, value in self.fixed_queries.get(template, []):
            if (name, value) not in request.query_pairs:
                reasons.append("query parameter '%s' must be '%s': the document's path is %s" % (
                    name, value, self.original_templates[template]))
        return label, operation, reasons, self.request_faults, app

    @staticmethod
    def refuse(entry):
        return 597, {"Content-Type": "application/json"}, json.dumps({"errors": entry["errors"]}).encode()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    oracle = None

    def log_message(self, format, *args):
        pass

    def _body(self):
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            return b"".join(chunks)
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def _serve(self):
        body = self._body()
        headers = {k: v for k, v in self.headers.items()}
        status, out_headers, out_body = self.oracle.handle(self.command, self.path, headers, body)
        out_body = out_body or b""
        self.send_response(status, {597: "Invalid Request", 598: "Document Fault", 599: "Oracle Error"}.get(status))
        for name, value in out_headers.items():
            if name.lower() not in FRAMING_HEADERS:  # written below, from the body sent
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(out_body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(out_body)
        self.close_connection = True

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_HEAD = do_TRACE = _serve


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("document")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--log")
    parser.add_argument("--error-rate", type=float, default=0.0)
    parser.add_argument("--errors-only", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--idle-timeout", type=float, default=300)
    parser.add_argument("--values")
    args = parser.parse_args()
    if args.values:
        keep_values_in(args.values)

    oracle = Oracle(args.document, args)
    Handler.oracle = oracle
    # One request at a time, each on its own connection: answers are deterministic and the time
    # limit on generating a value can use the main thread's alarm.
    server = http.server.HTTPServer(("127.0.0.1", args.port), Handler)
    oracle.start(server.server_address[1])
    print("oracle listening on %s%s" % (oracle.host_url, oracle.base_path), flush=True)

    def stop(*_):
        threading.Thread(target=server.shutdown, daemon=True).start()
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    def watch():
        while True:
            time.sleep(1)
            if time.monotonic() - oracle.last_request > args.idle_timeout:
                stop()
                return
    threading.Thread(target=watch, daemon=True).start()
    server.serve_forever(poll_interval=0.2)
    server.server_close()


if __name__ == "__main__":
    main()
