#!/usr/bin/env python3
"""A Swagger 2.0 document written as OpenAPI 3.0, so that a generator reading OpenAPI 3 alone (the
peer in compare.sh) can be measured on the same API as ours:

    Benchmarks/swagger-to-openapi.py SWAGGER.yaml > OPENAPI.json

What the benchmark needs, not a general converter: definitions, shared parameters and responses
become components; a `body` parameter, or the `formData` ones, become the request body in each
media type the operation consumes; other parameters and response headers take their type as a
schema, and `collectionFormat` as a style; responses take their schema in each media type the
operation produces; `host`, `basePath` and `schemes` become servers; security definitions become
security schemes. References are rewritten to match. JSON out, since a large document's YAML is
slow to write and both generators read either.
"""
import json
import sys

import yaml

SCHEMA_KEYS = ("type", "format", "items", "enum", "default", "maximum", "minimum", "exclusiveMaximum",
               "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems",
               "uniqueItems", "multipleOf")
STYLES = {"csv": ("form", False), "ssv": ("spaceDelimited", False), "pipes": ("pipeDelimited", False),
          "multi": ("form", True), "tsv": ("form", False)}


def rewrite(node, body_parameters):
    """Rewrites references and Swagger-only schema keywords, in place, everywhere below `node`."""
    if isinstance(node, dict):
        reference = node.get("$ref")
        if isinstance(reference, str):
            if reference.startswith("#/definitions/"):
                node["$ref"] = "#/components/schemas/" + reference[len("#/definitions/"):]
            elif reference.startswith("#/parameters/"):
                name = reference[len("#/parameters/"):]
                kind = "requestBodies" if name in body_parameters else "parameters"
                node["$ref"] = f"#/components/{kind}/{name}"
            elif reference.startswith("#/responses/"):
                node["$ref"] = "#/components/responses/" + reference[len("#/responses/"):]
        if node.pop("x-nullable", False) is True:
            node["nullable"] = True
        if node.get("type") == "file":
            node["type"], node["format"] = "string", "binary"
        if isinstance(node.get("discriminator"), str):
            node["discriminator"] = {"propertyName": node["discriminator"]}
        for value in node.values():
            rewrite(value, body_parameters)
    elif isinstance(node, list):
        for value in node:
            rewrite(value, body_parameters)


def schema_of(parameter):
    schema = {key: parameter[key] for key in SCHEMA_KEYS if key in parameter}
    if parameter.get("type") == "array" and "items" in schema:
        schema["items"] = {key: value for key, value in schema["items"].items() if key != "collectionFormat"}
    return schema


def parameter_of(parameter):
    if "$ref" in parameter:
        return parameter
    converted = {key: parameter[key] for key in ("name", "in", "description", "required") if key in parameter}
    converted["schema"] = schema_of(parameter)
    if parameter.get("type") == "array":
        style, explode = STYLES.get(parameter.get("collectionFormat", "csv"), ("form", False))
        if parameter["in"] in ("path", "header"):
            style = "simple"
        converted["style"], converted["explode"] = style, explode
    return converted


def request_body(parameters, consumes):
    body = next((p for p in parameters if p.get("in") == "body"), None)
    if body is not None:
        media = consumes or ["application/json"]
        converted = {"content": {m: {"schema": body.get("schema", {})} for m in media}}
        if body.get("required"):
            converted["required"] = True
        if "description" in body:
            converted["description"] = body["description"]
        return converted
    form = [p for p in parameters if p.get("in") == "formData"]
    if not form:
        return None
    multipart = any(p.get("type") == "file" for p in form) or "multipart/form-data" in (consumes or [])
    schema = {"type": "object", "properties": {p["name"]: schema_of(p) for p in form}}
    required = [p["name"] for p in form if p.get("required")]
    if required:
        schema["required"] = required
    media = "multipart/form-data" if multipart else "application/x-www-form-urlencoded"
    return {"content": {media: {"schema": schema}}, "required": bool(required)}


def response_of(response, produces):
    if "$ref" in response:
        return response
    converted = {"description": response.get("description", "")}
    if "schema" in response:
        converted["content"] = {m: {"schema": response["schema"]} for m in (produces or ["application/json"])}
    if "headers" in response:
        converted["headers"] = {name: {"schema": schema_of(header), **({"description": header["description"]} if "description" in header else {})}
                                for name, header in response["headers"].items()}
    return converted


def security_scheme(definition):
    kind = definition.get("type")
    if kind == "basic":
        return {"type": "http", "scheme": "basic"}
    if kind == "apiKey":
        return {key: definition[key] for key in ("type", "name", "in", "description") if key in definition}
    flows = {"implicit": "implicit", "password": "password", "application": "clientCredentials",
             "accessCode": "authorizationCode"}
    flow = {"scopes": definition.get("scopes", {})}
    if "authorizationUrl" in definition:
        flow["authorizationUrl"] = definition["authorizationUrl"]
    if "tokenUrl" in definition:
        flow["tokenUrl"] = definition["tokenUrl"]
    return {"type": "oauth2", "flows": {flows.get(definition.get("flow"), "implicit"): flow}}


def convert(document):
    shared = document.get("parameters", {})
    body_parameters = {name for name, p in shared.items() if p.get("in") in ("body", "formData")}
    rewrite(document, body_parameters)
    consumes, produces = document.get("consumes"), document.get("produces")
    schemes = document.get("schemes") or ["https"]
    host, base = document.get("host"), document.get("basePath", "")
    result = {"openapi": "3.0.3", "info": document.get("info", {"title": "API", "version": "1"})}
    if host:
        result["servers"] = [{"url": f"{scheme}://{host}{base}"} for scheme in schemes]
    elif base:
        result["servers"] = [{"url": base}]
    for key in ("tags", "security", "externalDocs"):
        if key in document:
            result[key] = document[key]
    paths = {}
    for path, item in document.get("paths", {}).items():
        converted_item = {}
        shared_here = item.get("parameters", [])
        for method, operation in item.items():
            if method == "parameters" or not isinstance(operation, dict):
                if method == "parameters":
                    converted_item["parameters"] = [parameter_of(p) for p in operation if p.get("in") not in ("body", "formData")]
                continue
            operation = dict(operation)
            parameters = operation.pop("parameters", [])
            inline = [p for p in parameters + shared_here if "$ref" not in p]
            body = request_body(inline, operation.pop("consumes", consumes))
            references = [p for p in parameters if "$ref" in p]
            operation["parameters"] = [parameter_of(p) for p in parameters
                                       if p.get("in") not in ("body", "formData") and not (
                                           "$ref" in p and p["$ref"].startswith("#/components/requestBodies/"))]
            if not operation["parameters"]:
                del operation["parameters"]
            if body is None:
                body = next(({"$ref": p["$ref"]} for p in references if p["$ref"].startswith("#/components/requestBodies/")), None)
            if body is not None:
                operation["requestBody"] = body
            producing = operation.pop("produces", produces)
            operation["responses"] = {str(status): response_of(response, producing)
                                      for status, response in operation.get("responses", {}).items()}
            operation.pop("schemes", None)
            converted_item[method] = operation
        paths[path] = converted_item
    result["paths"] = paths
    components = {}
    if "definitions" in document:
        components["schemas"] = document["definitions"]
    parameters = {name: parameter_of(p) for name, p in shared.items() if name not in body_parameters}
    if parameters:
        components["parameters"] = parameters
    bodies = {name: request_body([p], consumes) for name, p in shared.items() if name in body_parameters}
    if bodies:
        components["requestBodies"] = bodies
    if "responses" in document:
        components["responses"] = {name: response_of(r, produces) for name, r in document["responses"].items()}
    if "securityDefinitions" in document:
        components["securitySchemes"] = {name: security_scheme(d) for name, d in document["securityDefinitions"].items()}
    if components:
        result["components"] = components
    return result


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(64)
    with open(sys.argv[1]) as file:
        document = yaml.load(file, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    if document.get("swagger") != "2.0":
        print(f"{sys.argv[1]}: not a Swagger 2.0 document", file=sys.stderr)
        sys.exit(1)
    json.dump(convert(document), sys.stdout, indent=1, sort_keys=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
