#!/usr/bin/env python3
"""Prints a synthetic OpenAPI 3.0 document of N operations, shaped like a typical CRUD API: per
resource a list with paging and a filter, a get by id with a 404, a create with a body and a 400,
an update and a delete; a model, a create-model and an enum per resource.

    Benchmarks/make-openapi-doc.py N > doc.json
"""
import json
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
resources = max(1, n // 5)
paths, schemas = {}, {
    "Problem": {"type": "object", "required": ["message"], "properties": {"message": {"type": "string"}, "code": {"type": "integer"}}},
}
error = lambda status: {"description": f"HTTP {status}", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
count = 0
for r in range(resources):
    name, plural = f"Resource{r}", f"resources{r}"
    ref = {"$ref": f"#/components/schemas/{name}"}
    schemas[f"{name}Status"] = {"type": "string", "enum": ["active", "archived", "deleted"]}
    schemas[name] = {
        "type": "object", "required": ["id", "name", "status", "created_at"],
        "properties": {
            "id": {"type": "integer", "format": "int64"}, "name": {"type": "string"},
            "description": {"type": "string", "nullable": True},
            "status": {"$ref": f"#/components/schemas/{name}Status"},
            "created_at": {"type": "string", "format": "date-time"},
            "tags": {"type": "array", "items": {"type": "string"}},
        },
    }
    schemas[f"New{name}"] = {
        "type": "object", "required": ["name"],
        "properties": {"name": {"type": "string"}, "description": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}}},
    }
    body = {"required": True, "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/New{name}"}}}}
    ok = lambda schema: {"description": "OK", "content": {"application/json": {"schema": schema}}}
    paths[f"/{plural}"] = {
        "get": {"operationId": f"list{name}", "tags": [f"group{r % 20}"], "parameters": [
            {"name": "limit", "in": "query", "schema": {"type": "integer", "format": "int32"}},
            {"name": "cursor", "in": "query", "schema": {"type": "string"}},
            {"name": "status", "in": "query", "schema": {"$ref": f"#/components/schemas/{name}Status"}},
        ], "responses": {"200": ok({"type": "array", "items": ref})}},
        "post": {"operationId": f"create{name}", "tags": [f"group{r % 20}"], "requestBody": body,
                 "responses": {"201": ok(ref), "400": error(400)}},
    }
    item = {"name": "id", "in": "path", "required": True, "schema": {"type": "integer", "format": "int64"}}
    paths[f"/{plural}/{{id}}"] = {
        "parameters": [item],
        "get": {"operationId": f"get{name}", "responses": {"200": ok(ref), "404": error(404)}},
        "put": {"operationId": f"update{name}", "requestBody": body, "responses": {"200": ok(ref), "404": error(404)}},
        "delete": {"operationId": f"delete{name}", "responses": {"204": {"description": "Deleted"}, "404": error(404)}},
    }
    count += 5
doc = {
    "openapi": "3.0.3",
    "info": {"title": "Synthetic", "version": "1"},
    "servers": [{"url": "https://api.synthetic.example.com/v1"}],
    "security": [{"bearer": []}],
    "paths": paths,
    "components": {"schemas": schemas, "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}},
}
json.dump(doc, sys.stdout, indent=1)
print()
