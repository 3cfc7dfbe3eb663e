#!/usr/bin/env bash
# Checks that no file of the runtime outside a transport names a network stack's types:
# URLError, URLSession and its tasks, SwiftNIO's types and modules, AsyncHTTPClient's.
# Only the files listed in `allowed` may; comments are not looked at.
#
#   scripts/check-transport-isolation.sh    prints each offending file:line and exits 1
set -euo pipefail
cd "$(dirname "$0")/.."

runtime=Sources/StrategyKit
allowed=(
    "$runtime/Transports/URLSessionTransport.swift"
    "$runtime/Transports/URLSessionDelegate.swift"
    "$runtime/Transports/URLSessionTransport+Streaming.swift"
)
# Whole words: URLError, Foundation's URLSession types (not the runtime's URLSessionTransport),
# URLRequest and URLResponse, NIO…, EventLoop…, ByteBuffer, Channel…, HTTPClient…, and the
# modules FoundationNetworking, NIO… and AsyncHTTPClient.
pattern='\b(URLError|URLSession(Task|DataTask|UploadTask|DownloadTask|Configuration|Delegate|TaskDelegate|DataDelegate|TaskMetrics)?|URLRequest|URLResponse|HTTPURLResponse|NIO[A-Za-z0-9]*|EventLoop[A-Za-z]*|ByteBuffer[A-Za-z]*|Channel(Error|Handler|Pipeline|Option)?[A-Za-z]*|HTTPClient(Request|Response|Error)?|AsyncHTTPClient|FoundationNetworking)\b'

status=0
while IFS= read -r -d '' file; do
    for ok in "${allowed[@]}"; do [[ "$file" == "$ok" ]] && continue 2; done
    # Drops `//` comments (and, harmlessly, anything after `//` in a string) before matching.
    if hits=$(sed 's://.*$::' "$file" | grep -nE "$pattern"); then
        sed "s|^\([0-9]*\):|$file:\1: |" <<<"$hits"
        status=1
    fi
done < <(find "$runtime" -name '*.swift' -print0 | sort -z)

if [[ $status -ne 0 ]]; then
    echo "error: only a transport may name URLError, URLSession, SwiftNIO or AsyncHTTPClient types;" \
        "map their errors into a TransportError inside the transport" >&2
fi
exit $status
