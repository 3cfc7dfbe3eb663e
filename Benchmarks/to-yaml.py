#!/usr/bin/env python3
"""Prints the JSON document read from standard input as block-style YAML, keys in their order.

    Benchmarks/to-yaml.py < doc.json > doc.yaml
"""
import json
import sys

import yaml

Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
yaml.dump(json.load(sys.stdin), sys.stdout, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=100)
