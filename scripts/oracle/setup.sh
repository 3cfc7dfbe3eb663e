#!/usr/bin/env bash
# Creates the oracle's virtual environment at .build/oracle-venv (inside the package's .build,
# which git ignores) and installs scripts/oracle/requirements.txt when it changed; prints the
# environment's python. Quiet unless it installs.
#
#   PY=$(bash scripts/oracle/setup.sh)
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
venv="$here/.build/oracle-venv"
requirements="$here/scripts/oracle/requirements.txt"
stamp="$venv/.requirements.sha256"
want=$( (cat "$requirements"; python3 --version) | sha256sum | cut -d' ' -f1)
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "oracle: installing $requirements into $venv" >&2
    rm -rf "$venv"
    python3 -m venv "$venv" >&2
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements" >&2
    # Hypothesis builds its Unicode tables once; build them now rather than on a first answer.
    HYPOTHESIS_STORAGE_DIRECTORY="$venv/hypothesis-home" "$venv/bin/python" -W ignore -c \
        'from hypothesis_jsonschema import from_schema; from hypothesis import given, settings
@settings(max_examples=1, database=None)
@given(from_schema({"type": "object", "properties": {"a": {"type": "string", "pattern": "^[a-z]+$"}}}))
def warm(value): pass
warm()' >&2
    echo "$want" > "$stamp"
fi
echo "$venv/bin/python"
