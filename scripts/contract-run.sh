#!/usr/bin/env bash
# The contract check of one OpenAPI document: generates its client with strategy-gen, builds a
# driver that calls every operation once with its sample input, and again with its full sample
# where the samples declare one (scripts/contract-driver.py), and runs it against the server at
# URL, which prints a line per operation and a total:
#
#   <Strategy> <METHOD> <path> <status or -> decoded | decode-failed: why | not-called: why
#   total: N operations, N called, N decoded, N decode-failed, N not-called
#
#   scripts/contract-run.sh DOC --base-url URL [--errors-only] [--driver PATH] [--keep-driver PATH]
#                           [--generated DIR]
#
# --keep-driver PATH keeps the driver built for DOC at PATH; --driver PATH runs that one instead
# of building one (the client's code is DOC's, so a driver serves its own document only).
# --generated DIR builds the driver on the client's code in DIR (DOC's, as strategy-gen wrote it,
# or edited by hand) instead of generating it.
# --errors-only is passed to the driver, for a server that answers every call with an error the
# document declares. Exits 0 unless the driver couldn't be built or run.
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
document="" base_url="" errors_only="" driver="" keep="" generated=""
while [ $# -gt 0 ]; do
    case "$1" in
        --base-url) base_url=$2; shift 2 ;;
        --errors-only) errors_only=--errors-only; shift ;;
        --driver) driver=$2; shift 2 ;;
        --keep-driver) keep=$2; shift 2 ;;
        --generated) generated=$2; shift 2 ;;
        -*) echo "contract-run: unknown option $1" >&2; exit 2 ;;
        *) document=$1; shift ;;
    esac
done
if [ -z "$document" ] || [ -z "$base_url" ]; then
    echo "usage: scripts/contract-run.sh DOC --base-url URL [--errors-only] [--driver PATH] [--keep-driver PATH] [--generated DIR]" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -z "$driver" ]; then
    # CONTRACT_BIN names a build folder where strategy-gen and the runtime are built already.
    bin=${CONTRACT_BIN:-}
    if [ -z "$bin" ]; then
        if ! (cd "$here" && swift build --product strategy-gen && swift build --target StrategyKit) > "$work/build.log" 2>&1; then
            echo "contract-run: the build failed:" >&2
            grep -m5 'error:' "$work/build.log" >&2
            exit 1
        fi
        bin=$(cd "$here" && swift build --show-bin-path)
    fi
    if [ -n "$generated" ]; then
        cp -R "$generated" "$work/generated" || exit 1
    elif ! "$bin/strategy-gen" generate "$document" --output "$work/generated" > "$work/generate.log" 2>&1; then
        echo "contract-run: $(basename "$document") was not generated: $(grep -m1 'error:' "$work/generate.log" | cut -c1-300)" >&2
        exit 1
    fi
    python3 "$here/scripts/contract-driver.py" "$work/generated" > "$work/main.swift" || exit 1
    # The runtime's objects and its dependencies', as scripts/import-corpus.sh links its harness.
    runtime_objects=$(ls "$bin"/{StrategyKit,HTTPTypes}.build/*.o)
    # shellcheck disable=SC2086
    if ! swiftc -swift-version 6 -wmo -I "$bin/Modules" "$work/main.swift" "$work/generated"/*.swift $runtime_objects -o "$work/driver" > "$work/compile.log" 2>&1; then
        echo "contract-run: the driver of $(basename "$document") didn't compile:" >&2
        grep -m5 'error:' "$work/compile.log" >&2
        exit 1
    fi
    driver="$work/driver"
    if [ -n "$keep" ]; then cp "$driver" "$keep" || exit 1; fi
fi
"$driver" "$base_url" $errors_only
