#!/usr/bin/env python3
"""Joins the contract check's driver output with the oracle's logs and prints the figures.

    contract_report.py WORK_DIR

WORK_DIR holds a folder per document (written by scripts/contract-corpus.sh): `document` (its
path), `success.out` / `errors.out` (the driver's lines: `<strategy> <METHOD> <path> <status>
<outcome>`), `success.log` / `errors.log` (the oracle's JSON lines), `success.rc` / `errors.rc`,
`*.err` (the driver's standard error) and `problem` (why a pass didn't run). Prints a line per
document, the totals, the targets as met or MISSED, then the invalid requests, decode failures,
operations not called and document faults; exits 1 when a target is missed (with
CONTRACT_GATE=report, only when no document could be checked; with CONTRACT_GATE=every, on any
operation not called, invalid request, answer not decoded or document not checked).

Then the coverage, per document and in total: `parameters sent N/M, body properties sent N/M,
nulls sent N/M, free-form bodies sent with keys N/M, readOnly sent K`, where M counts what the
document declares (coverage.py) over the operations counted above (those without a document
fault), N what at least one request of either pass carried (valid or not), K the readOnly
properties requests carried; then what was never sent, at most NEVER_SENT_SHOWN a document with
the count of the rest, and every readOnly property sent. Coverage is no target: with
CONTRACT_COVERAGE=every the report exits 1 as well unless every parameter, body property and
null was sent and no readOnly property was.
"""

import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from document import HTTP_METHODS, read_file  # noqa: E402
import coverage  # noqa: E402

NEVER_SENT_SHOWN = 12  # items never sent listed a document; the rest are counted
GATED = ("parameters", "properties", "nulls")
COVERAGE_TITLES = {"parameters": "parameters sent", "properties": "body properties sent", "nulls": "nulls sent",
                   "free_form": "free-form bodies sent with keys"}
NEVER_SENT_WORDS = {"properties": "body property", "nulls": "never null:", "free_form": "free-form, never with a key:"}

LINE = re.compile(r"^(\S+) (GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE) (\S+) (\S+) (decoded|decode-failed|not-called)"
                  r"(?::\s*(.*))?$")


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return ""


def log_entries(path):
    out = []
    for line in read(path).splitlines():
        try:
            out.append(json.loads(line))
        except ValueError:
            pass
    return out


def driver_lines(path):
    out = []
    for line in read(path).splitlines():
        m = LINE.match(line.strip())
        if m:
            out.append({"strategy": m.group(1), "operation": "%s %s" % (m.group(2), m.group(3)),
                        "status": m.group(4), "outcome": m.group(5), "why": (m.group(6) or "").strip()})
    return out


def operations_of(document):
    doc = read_file(document)
    ops = []
    for template, item in (doc.get("paths") or {}).items():
        if isinstance(item, dict):
            ops += ["%s %s" % (m.upper(), template) for m in HTTP_METHODS if isinstance(item.get(m), dict)]
    return ops


def short(text, n=200):
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[:n - 1] + "…"


def report(work):
    totals = dict(operations=0, called=0, requests=0, valid=0, answers=0, decoded=0, error_bodies=0,
                  error_decoded=0, faults=0)
    invalid, failures, not_called, faults, problems = [], [], [], [], []
    covered = {"documents": [], "totals": {k: [0, 0] for k in COVERAGE_TITLES}, "read_only": [], "never": [],
               "never_by_kind": {}, "errors": []}
    print("%-40s %5s %7s %15s %17s %17s %6s" % ("document", "ops", "called", "requests valid", "answers decoded",
                                                "error bodies dec.", "faults"))
    for name in sorted(os.listdir(work)):
        folder = os.path.join(work, name)
        document = read(os.path.join(folder, "document")).strip()
        if not document:
            continue
        try:
            ops = operations_of(document)
        except Exception as e:
            problems.append("%s: can't be read: %s" % (name, short(e)))
            continue
        logs = {p: log_entries(os.path.join(folder, p + ".log")) for p in ("success", "errors")}
        lines = {p: driver_lines(os.path.join(folder, p + ".out")) for p in ("success", "errors")}
        problem = read(os.path.join(folder, "problem")).strip()
        if not ops:
            # A document of webhooks only: no operation a client calls.
            print("%-40s %5d %7s" % (name[:40], 0, "none to call"))
            continue
        if problem:
            problems.append("%s: %s" % (name, short(problem, 600)))
        faulty = sorted({e["operation"] for p in logs for e in logs[p] if e.get("status") == 598 and e.get("operation")})
        for op in faulty:
            reason = next(e for p in logs for e in logs[p] if e.get("operation") == op and e.get("status") == 598)
            faults.append("%s: %s: %s" % (name, op, short("; ".join(reason.get("document_faults") or []), 400)))
        counted = [op for op in ops if op not in faulty]
        called_ops = {op for e in logs["success"] for op in [e.get("operation")] + e.get("also", []) if op}
        called = [op for op in counted if op in called_ops]
        for op in counted:
            if op not in called_ops:
                why = next((l["why"] for l in lines["success"] if l["operation"] == op and l["outcome"] == "not-called"),
                           "no request reached the oracle")
                not_called.append("%s: %s: %s" % (name, op, short(why)))
        entries = [e for p in logs for e in logs[p] if e.get("operation") not in faulty]
        valid = [e for e in entries if e.get("valid")]
        for e in entries:
            if not e.get("valid"):
                invalid.append("%s: %s %s: %s" % (name, e.get("method"), e.get("operation") or e.get("path"),
                                                  short("; ".join(e.get("errors") or []))))
        answered = [l for l in lines["success"] if l["outcome"] != "not-called" and l["operation"] not in faulty]
        decoded = [l for l in answered if l["outcome"] == "decoded"]
        # The error pass: operations the oracle answered with a declared error that has a body.
        error_ops = {e["operation"] for e in logs["errors"]
                     if e.get("valid") and e.get("note") == "error" and e.get("status", 0) >= 400
                     and e.get("status") not in (597, 598, 599)}
        error_lines = [l for l in lines["errors"] if l["operation"] in error_ops and l["outcome"] != "not-called"]
        error_decoded = [l for l in error_lines if l["outcome"] == "decoded"]
        for pass_name, pass_lines in (("success", answered), ("errors", error_lines)):
            for l in pass_lines:
                if l["outcome"] == "decode-failed":
                    failures.append("%s: %s pass: %s %s: %s" % (name, pass_name, l["operation"], l["status"],
                                                                short(l["why"])))
        coverage_of(name, document, counted, logs, covered)
        row = dict(operations=len(counted), called=len(called), requests=len(entries), valid=len(valid),
                   answers=len(answered), decoded=len(decoded), error_bodies=len(error_lines),
                   error_decoded=len(error_decoded), faults=len(faulty))
        for k, v in row.items():
            totals[k] += v
        print("%-40s %5d %7d %15s %17s %17s %6d" % (
            name[:40], row["operations"], row["called"], "%d/%d" % (row["valid"], row["requests"]),
            "%d/%d" % (row["decoded"], row["answers"]), "%d/%d" % (row["error_decoded"], row["error_bodies"]),
            row["faults"]))

    def pct(a, b):
        return 100.0 * a / b if b else 100.0
    t = totals
    print("%-40s %5d %7d %15s %17s %17s %6d" % (
        "total", t["operations"], t["called"], "%d/%d" % (t["valid"], t["requests"]),
        "%d/%d" % (t["decoded"], t["answers"]), "%d/%d" % (t["error_decoded"], t["error_bodies"]), t["faults"]))
    targets = [
        ("operations called: %.1f%% (target 100%%)" % pct(t["called"], t["operations"]),
         t["called"] == t["operations"] and not problems),
        ("requests valid: %.2f%% (target >= 99%%)" % pct(t["valid"], t["requests"]),
         pct(t["valid"], t["requests"]) >= 99.0),
        ("answers decoded: %.2f%% (target >= 99%%)" % pct(t["decoded"], t["answers"]),
         pct(t["decoded"], t["answers"]) >= 99.0),
        ("declared error bodies decoded: %d/%d (target all)" % (t["error_decoded"], t["error_bodies"]),
         t["error_decoded"] == t["error_bodies"]),
    ]
    for text, met in targets:
        print("%s %s" % ("met   " if met else "MISSED", text))
    for title, items in (("documents not checked", problems), ("invalid requests", invalid),
                         ("decode failures", failures), ("operations not called", not_called),
                         ("document faults (excluded from the counts)", faults)):
        if items:
            print("%s (%d):" % (title, len(items)))
            for item in items:
                print("    " + item)
    coverage_met = print_coverage(covered)
    status = gate(work, problems, invalid, failures, not_called, t, targets)
    if os.environ.get("CONTRACT_COVERAGE") == "every" and not coverage_met:
        status = 1
    return status


def gate(work, problems, invalid, failures, not_called, t, targets):
    if os.environ.get("CONTRACT_GATE") == "report":
        # The figures are printed and kept; only a check that couldn't run fails.
        return 1 if problems and len(problems) == len([n for n in os.listdir(work) if read(os.path.join(work, n, "document")).strip()]) else 0
    if os.environ.get("CONTRACT_GATE") == "every":
        return 1 if problems or invalid or failures or not_called or t["error_decoded"] != t["error_bodies"] else 0
    return 0 if all(met for _, met in targets) else 1


def coverage_of(name, document, counted, logs, covered):
    """Adds a document's coverage to `covered`: what its counted operations declare, what the
    requests of both passes carried of it."""
    try:
        declared = coverage.declared_by_document(document)
    except Exception as e:
        covered["errors"].append("%s: can't be read: %s" % (name, short(e)))
        return
    carried = {}
    for entries in logs.values():
        for e in entries:
            for op, kinds in (e.get("coverage") or {}).items():
                if "error" in kinds:
                    covered["errors"].append("%s: %s: %s" % (name, op, short(kinds["error"])))
                    continue
                for kind, items in kinds.items():
                    carried.setdefault(op, {}).setdefault(kind, set()).update(items)
    figures = {k: [0, 0] for k in COVERAGE_TITLES}
    never = []
    read_only = []
    for op in counted:
        declared_op = declared.get(op) or {}
        carried_op = carried.get(op) or {}
        for kind in COVERAGE_TITLES:
            items = declared_op.get(kind) or set()
            sent = items & (carried_op.get(kind) or set())
            figures[kind][0] += len(sent)
            figures[kind][1] += len(items)
            for item in sorted(items - sent):
                never.append((kind, op, item))
        read_only += ["%s: %s: %s" % (name, op, item) for item in sorted(carried_op.get("read_only") or ())]
    for kind, (n, m) in figures.items():
        covered["totals"][kind][0] += n
        covered["totals"][kind][1] += m
    for kind, op, item in never:
        what = never_kind(kind, item)
        covered["never_by_kind"][what] = covered["never_by_kind"].get(what, 0) + 1
    order = {k: i for i, k in enumerate(COVERAGE_TITLES)}
    never.sort(key=lambda x: (order[x[0]], counted.index(x[1]), x[2]))
    covered["never"] += ["%s: %s: %s %s" % (name, op, NEVER_SENT_WORDS.get(kind, "parameter"), item)
                         for kind, op, item in never[:NEVER_SENT_SHOWN]]
    if len(never) > NEVER_SENT_SHOWN:
        covered["never"].append("%s: and %d more" % (name, len(never) - NEVER_SENT_SHOWN))
    covered["read_only"] += read_only
    covered["documents"].append((name, figures, len(read_only)))


def never_kind(kind, item):
    """The class a never-sent item is counted in: `query parameters`, `body properties`..."""
    if kind == "parameters":
        return "%s parameters" % item.split(" ", 1)[0]
    return {"properties": "body properties", "nulls": "nullable properties never null",
            "free_form": "free-form objects never with a key"}[kind]


def coverage_line(figures, read_only):
    return ", ".join("%s %d/%d" % (COVERAGE_TITLES[k], n, m) for k, (n, m) in figures.items()) \
        + ", readOnly sent %d" % read_only


def print_coverage(covered):
    """Prints the coverage; returns whether it is complete (every parameter, body property and null
    sent, no readOnly property)."""
    gated = os.environ.get("CONTRACT_COVERAGE") == "every"
    print()
    print("coverage: what requests carried of what the documents declare (%s)" % (
        "gated: CONTRACT_COVERAGE=every" if gated else "reported, not gated; CONTRACT_COVERAGE=every gates it"))
    for name, figures, read_only in covered["documents"]:
        print("%-40s %s" % (name[:40], coverage_line(figures, read_only)))
    totals = covered["totals"]
    print("%-40s %s" % ("total", coverage_line(totals, len(covered["read_only"]))))
    if covered["never_by_kind"]:
        print("never sent: " + ", ".join("%s %d" % (k, v) for k, v in sorted(
            covered["never_by_kind"].items(), key=lambda kv: (-kv[1], kv[0]))))
    complete = all(n == m for k, (n, m) in totals.items() if k in GATED) and not covered["read_only"] \
        and not covered["errors"]
    print("%s coverage: parameters, body properties and nulls all sent, no readOnly property sent" % (
        ("met   " if complete else "MISSED") if gated else ("complete" if complete else "partial ")))
    for title, items in (("readOnly properties sent", covered["read_only"]),
                         ("coverage not read", covered["errors"]),
                         ("never sent (at most %d a document)" % NEVER_SENT_SHOWN, covered["never"])):
        if items:
            print("%s (%d):" % (title, len(items)))
            for item in items:
                print("    " + item)
    return complete


if __name__ == "__main__":
    sys.exit(report(sys.argv[1]))
