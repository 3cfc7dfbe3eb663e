#!/usr/bin/env python3
"""Checks every shipped spec against schema/strategykit-spec.schema.json, and that the schema
rejects a spec with an unknown key, so the schema editors use stays true to the format."""
import glob
import json
import sys

import jsonschema
from ruamel.yaml import YAML

root = sys.argv[1] if len(sys.argv) > 1 else "."
schema = json.load(open(f"{root}/schema/strategykit-spec.schema.json"))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
yaml = YAML(typ="safe", pure=True)

failures = 0
# OpenAPI and Swagger 2.0 documents among the shipped specs follow their own schemas, not this one.
specs = [path for path in sorted(glob.glob(f"{root}/specs/*.yaml"))
         if not {"openapi", "swagger"} & set(yaml.load(open(path)))]
for path in specs:
    errors = list(validator.iter_errors(yaml.load(open(path))))
    for error in errors:
        print(f"{path}: {'/'.join(map(str, error.path))}: {error.message}")
    failures += bool(errors)

if not list(validator.iter_errors(yaml.load(open(f"{root}/specs/bad/unknown-key.yaml")))):
    print("the schema accepts specs/bad/unknown-key.yaml, which has an unknown key")
    failures += 1

checked = len(specs)
print(f"schema: {checked - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
