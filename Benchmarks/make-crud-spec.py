#!/usr/bin/env python3
"""Writes a spec of N operations shaped like a typical CRUD API, to stdout.

Per resource (two operations): a model, a create-model, `Get<R>` by id that may answer
404 with a message, and `Create<R>` with a JSON body that may answer 400 with a message.
Every model has a date and a field of the shared enum, as most API models do.
"""
import sys


def main():
    if len(sys.argv) != 2 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 2:
        sys.exit("usage: make-crud-spec.py N   (N operations, N >= 2)")
    resources = int(sys.argv[1]) // 2
    out = ["# A synthetic CRUD API for Benchmarks/generated-code.sh.", "api: Bench",
           "servers:", "  production: https://api.bench.example.com/v1", "",
           "models:", "  ItemStatus:", "    enum: [active, archived, deleted]",
           "  ErrorMessage:", "    code: Int", "    message: String"]
    for i in range(resources):
        r = f"Resource{i}"
        out += [f"  {r}:", "    id: Int", "    name: String", "    description: String?",
                "    status: ItemStatus", "    created_at: Date", "    tags: \"[String]\"",
                f"  New{r}:", "    name: String", "    description: String?",
                "    status: ItemStatus?", "    tags: \"[String]\""]
    out += ["", "errors:", "  BenchError:", "    status:",
            "      400: { badRequest: ErrorMessage }", "      404: { notFound: ErrorMessage }", "",
            "strategies:"]
    for i in range(resources):
        r = f"Resource{i}"
        path = f"/resources{i}"
        out += [f"  Get{r}:", f"    doc: Fetches one {r} by id.", f"    GET: {path}/{{id}}",
                "    path: { id: Int }", f"    returns: {r}", "    errors: BenchError",
                f"  Create{r}:", f"    doc: Creates a {r}.", f"    POST: {path}",
                f"    body: New{r}", f"    returns: {r}", "    success: 201",
                "    errors: BenchError"]
    print("\n".join(out))


main()
