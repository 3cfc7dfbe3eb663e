#!/usr/bin/env python3
"""Writes the contract check's driver: a Swift program that calls every strategy of a generated
client once, with its sample input, against a server, for scripts/contract-run.sh.

    contract-driver.py GENERATED_DIR > main.swift

The program takes the server's URL (`driver URL [--errors-only]`), builds the client at that URL
with every credential its builder offers (dummy values), and prints a line per strategy:

    <Strategy> <METHOD> <path as the document writes it> <status or -> <outcome>

with the outcome `decoded` (the output, or a typed error whose case matches the status and whose
payload decoded), `decode-failed: why`, `not-called: why`, or, for the statuses a contract
oracle answers with, `invalid-request: reason` (597) and `document-fault: reason` (598). Then
`total: N operations, N called, N decoded, N decode-failed, N not-called`. A request to any
other host than the URL's is refused before it is sent.
"""
import glob
import os
import re
import sys

STRATEGY = re.compile(r"^((?:///.*\n)+)(?:@.*\n)*(?:public |package )?struct (\w+): (?:Paginated|Streaming)?Strategy \{\n", re.M)
ROUTE = re.compile(r"^/// `([A-Z]+) (\S+)`$", re.M)


def read(folder, suffix):
    return "".join(open(path, encoding="utf-8").read() for path in sorted(glob.glob(f"{folder}/*.{suffix}.swift")))


def body_of(text, start):
    """The text of the declaration opening at `start`, up to its closing brace at column 0."""
    end = text.find("\n}\n", start)
    return text[start:end if end >= 0 else len(text)]


def path_of(route):
    """The path as the document writes it, without the server an operation names of its own."""
    if "://" in route:
        rest = route.split("://", 1)[1]
        return rest[rest.index("/"):] if "/" in rest else "/"
    return route


def sample_of(type_name, sampled):
    """A Swift expression of `type_name` from the samples the generator wrote; None without one."""
    type_name = type_name.strip()
    if type_name in sampled:
        return f"{type_name}.sample"
    simple = {"String": '"string"', "Data": 'Data("sample".utf8)', "JSONValue": "[:]", "Int": "1", "Double": "1.5",
              "Bool": "true", "Int64": "1", "Int32": "1", "Float": "1.5"}
    if type_name in simple:
        return simple[type_name]
    match = re.fullmatch(r"\[String: (.+)\]", type_name)
    if match:
        inner = sample_of(match.group(1), sampled)
        return inner and f'["key": {inner}]'
    match = re.fullmatch(r"\[(.+)\]", type_name)
    if match:
        inner = sample_of(match.group(1), sampled)
        return inner and f"[{inner}]"
    return None


def credentials(client):
    """The builder's calls that give it every credential it offers, with dummy values."""
    builder = client[client.find("struct Builder"):] if "struct Builder" in client else ""
    calls = []
    for name, parameters in re.findall(r"public func (\w+)\(((?:[^()]|\(\))*)\) -> Builder", builder):
        parameters = " ".join(parameters.split())
        if parameters == "_ key: String":
            calls.append(f'.{name}("contract-key")')
        elif parameters.startswith("_ token: BearerTokenAuthenticator.Token"):
            calls.append(f'.{name}(BearerTokenAuthenticator.Token(accessToken: "contract-token"))')
        elif parameters.startswith("username: String, password: String"):
            calls.append(f'.{name}(username: "contract-user", password: "contract-password")')
        elif parameters.startswith("_ token: @escaping @Sendable () async throws -> String"):
            calls.append(f'.{name} {{ "contract-value" }}')
    return calls


def main(folder):
    strategies_text = read(folder, "Strategies")
    samples_text = read(folder, "Samples")
    client_text = read(folder, "Client")
    client = re.search(r"^(?:public |package )?struct (\w+): Sendable \{", client_text, re.M)
    if not client:
        sys.exit("contract-driver: no client in " + folder)
    sampled = set(re.findall(r"^(?:@.*\n)*extension ([\w.]+) \{\n(?:    ///.*\n)*(?:    @.*\n)*    (?:public |package )?static var sample", samples_text, re.M))
    calls = []
    for match in STRATEGY.finditer(strategies_text):
        docs, name = match.group(1), match.group(2)
        routes = ROUTE.findall(docs)
        method, route = routes[-1] if routes else ("?", "?")
        body = body_of(strategies_text, match.end())
        alias = re.search(r"^    (?:public |package )?typealias Input = (.+)$", body, re.M)
        if re.search(r"^    (?:public |package )?struct Input\b", body, re.M):
            value = f"{name}.Input.sample" if f"{name}.Input" in sampled else None
            call = value and f"client.call({name}(), {value})"
        elif alias:
            value = sample_of(alias.group(1), sampled)
            call = value and f"client.call({name}(), {value})"
        else:
            call = f"client.call({name}())"
        calls.append((name, method, path_of(route), call))

    out = [
        "// The contract check's driver, written by scripts/contract-driver.py.",
        "import Foundation",
        "import HTTPTypes",
        "import StrategyKit",
        "",
        DRIVER_SUPPORT,
        "let client = " + client.group(1) + ".Builder(environment: .custom(base))",
    ]
    out += [f"    {call}" for call in credentials(client_text)]
    out += ["    .retry(.never)", "    .transport(Recorder.transport)", "    .replacingServers(of: ["]
    out += [f"        {name}()," for name, _, _, _ in calls]
    out += ["    ])", "    .build().client", ""]
    for name, method, path, call in calls:
        label = f'"{name}", "{method}", {swift_string(path)}'
        if call is None:
            out.append(f'report({label}, .notCalled("no sample input"))')
            continue
        out += [
            "do {",
            "    Recorder.reset()",
            f"    _ = try await {call}",
            f"    report({label}, .decoded)",
            "} catch {",
            f"    report({label}, outcome(of: error))",
            "}",
        ]
    out.append('print("total: \\(totals.operations) operations, \\(totals.called) called, \\(totals.decoded) decoded, \\(totals.failed) decode-failed, \\(totals.notCalled) not-called")')
    print("\n".join(out))


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


DRIVER_SUPPORT = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "contract-driver-support.swift"), encoding="utf-8").read()

if __name__ == "__main__":
    main(sys.argv[1])
