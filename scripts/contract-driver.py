#!/usr/bin/env python3
"""Writes the contract check's driver: a Swift program that calls every strategy of a generated
client once with its sample input (twice where it has a full sample too, below), against a server,
for scripts/contract-run.sh.

    contract-driver.py GENERATED_DIR > main.swift

The program takes the server's URL (`driver URL [--errors-only]`), builds the client at that URL
with every credential its builder offers (dummy values), and prints a line per strategy:

    <Strategy> <METHOD> <path as the document writes it> <status or -> <outcome>

with the outcome `decoded` (the output, or a typed error whose case matches the status and whose
payload decoded), `decode-failed: why`, `not-called: why`, or, for the statuses a contract
oracle answers with, `invalid-request: reason` (597) and `document-fault: reason` (598). Then
`total: N operations, N called, N decoded, N decode-failed, N not-called`. A request to any
other host than the URL's is refused before it is sent.

Where the samples file declares a `fullSample` beside the `sample` of an operation's input (for
what one sample can't send, such as a null), the operation is called twice, with each, and both
calls must be answered and decode: its line is the first call's that didn't (its reason after
`fullSample: ` when it is the second), else the second's.

The driver names what it uses from Swift, Foundation, swift-http-types and StrategyKit with
their modules (`Foundation.Process`, `Swift.String`), and its own types are nested in
`ContractDriver`, so that a generated type of the same name can't hide them; a client that
declares a type named as one of those modules or `ContractDriver` is refused with a message
naming it, as no qualification gets past such a type.
"""
import glob
import os
import re
import sys

STRATEGY = re.compile(r"^((?:///.*\n)+)(?:@.*\n)*(?:public |package )?struct (\w+): (?:Paginated|Streaming)?Strategy \{\n", re.M)
ROUTE = re.compile(r"^/// `([A-Z]+) (\S+)`$", re.M)


def read(folder, suffix):
    return "".join(read_path(path) for path in sorted(glob.glob(f"{folder}/*.{suffix}.swift")))


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


def samples_declared(samples_text):
    """{type name: [the sample variables its extension declares, `sample` first]} of a samples file:
    `static var sample` and `static var fullSample` (or `let`), each at the extension's top level."""
    found = {}
    for match in re.finditer(r"^(?:@.*\n)*extension ([\w.]+) \{\n", samples_text, re.M):
        body = body_of(samples_text, match.end())
        names = re.findall(r"^    (?:@.*\n    )*(?:(?:public|package|nonisolated) )*static (?:var|let) (sample|fullSample)\b",
                           body, re.M)
        if names:
            declared = found.setdefault(match.group(1), [])
            declared += [n for n in ("sample", "fullSample") if n in names and n not in declared]
    return {name: [n for n in ("sample", "fullSample") if n in variables]
            for name, variables in found.items() if "sample" in variables}


SIMPLE = {"String": '"string"', "Data": 'Foundation.Data("sample".utf8)', "JSONValue": "[:]", "Int": "1",
          "Double": "1.5", "Bool": "true", "Int64": "1", "Int32": "1", "Float": "1.5"}


def sample_of(type_name, sampled, variable="sample"):
    """A Swift expression of `type_name` from the samples the generator wrote (its `variable`,
    `sample` or `fullSample`); None without one."""
    type_name = type_name.strip()
    if variable in sampled.get(type_name, ()):
        return f"{type_name}.{variable}"
    # A type of the libraries: named with its module, or without one where no generated type takes its name.
    plain = re.sub(r"^(?:Swift|Foundation|StrategyKit)\.", "", type_name)
    if plain in SIMPLE and (plain != type_name or type_name not in sampled):
        return SIMPLE[plain] if variable == "sample" else None
    match = re.fullmatch(r"\[(?:Swift\.)?String: (.+)\]", type_name)
    if match:
        inner = sample_of(match.group(1), sampled, variable)
        return inner and f'["key": {inner}]'
    match = re.fullmatch(r"\[(.+)\]", type_name)
    if match:
        inner = sample_of(match.group(1), sampled, variable)
        return inner and f"[{inner}]"
    return None


def credentials(client):
    """The builder's calls that give it every credential it offers, with dummy values."""
    builder = client[client.find("struct Builder"):] if "struct Builder" in client else ""
    calls = []
    for name, parameters in re.findall(r"public func (\w+)\(((?:[^()]|\(\))*)\) -> Builder", builder):
        parameters = re.sub(r"\b(?:Swift|StrategyKit)\.", "", " ".join(parameters.split()))
        if parameters == "_ key: String":
            calls.append(f'.{name}("contract-key")')
        elif parameters.startswith("_ token: BearerTokenAuthenticator.Token"):
            calls.append(f'.{name}(StrategyKit.BearerTokenAuthenticator.Token(accessToken: "contract-token"))')
        elif parameters.startswith("username: String, password: String"):
            calls.append(f'.{name}(username: "contract-user", password: "contract-password")')
        elif parameters.startswith("_ token: @escaping @Sendable () async throws -> String"):
            calls.append(f'.{name} {{ "contract-value" }}')
    return calls


# The names the driver's own code qualifies others with: a generated type of one of these names
# would hide the module (or the driver's namespace), and no qualification can get past it.
QUALIFIERS = ("Swift", "Foundation", "HTTPTypes", "StrategyKit", "ContractDriver")


def hiding_types(folder):
    """The generated top-level types named as a module or namespace the driver qualifies names with."""
    declared = re.compile(r"^(?:@.*\n)*(?:(?:public|package|internal|fileprivate|private|final|indirect) )*"
                          r"(?:struct|enum|class|actor|protocol|typealias) (%s)\b" % "|".join(QUALIFIERS), re.M)
    return sorted({name for path in glob.glob(f"{folder}/*.swift") for name in declared.findall(read_path(path))})


def read_path(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def main(folder):
    hidden = hiding_types(folder)
    if hidden:
        sys.exit("contract-driver: the client declares a type named %s, which hides what the driver names its "
                 "types with" % " and ".join(hidden))
    strategies_text = read(folder, "Strategies")
    samples_text = read(folder, "Samples")
    client_text = read(folder, "Client")
    client = re.search(r"^(?:public |package )?struct (\w+): Sendable \{", client_text, re.M)
    if not client:
        sys.exit("contract-driver: no client in " + folder)
    sampled = samples_declared(samples_text)
    calls = []
    for match in STRATEGY.finditer(strategies_text):
        docs, name = match.group(1), match.group(2)
        routes = ROUTE.findall(docs)
        method, route = routes[-1] if routes else ("?", "?")
        body = body_of(strategies_text, match.end())
        alias = re.search(r"^    (?:public |package )?typealias Input = (.+)$", body, re.M)
        if re.search(r"^    (?:public |package )?struct Input\b", body, re.M):
            values = [f"{name}.Input.{v}" for v in sampled.get(f"{name}.Input", [])]
            call = [(v.rsplit(".", 1)[1], f"client.call({name}(), {v})") for v in values]
        elif alias:
            values = [(v, sample_of(alias.group(1), sampled, v)) for v in ("sample", "fullSample")]
            call = [(v, f"client.call({name}(), {value})") for v, value in values if value]
            if not values[0][1]:
                call = []
        else:
            call = [("sample", f"client.call({name}())")]
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
    out += ["    .retry(.never)", "    .transport(ContractDriver.Recorder.transport)", "    .replacingServers(of: ["]
    out += [f"        {name}()," for name, _, _, _ in calls]
    out += ["    ])", "    .build().client", ""]
    for name, method, path, call in calls:
        out += operation_calls(f'"{name}", "{method}", {swift_string(path)}', call)
    out.append('Swift.print("total: \\(ContractDriver.totals.operations) operations, \\(ContractDriver.totals.called) called, '
               '\\(ContractDriver.totals.decoded) decoded, \\(ContractDriver.totals.failed) decode-failed, '
               '\\(ContractDriver.totals.notCalled) not-called")')
    print("\n".join(out))


def operation_calls(label, calls):
    """The Swift lines that call one operation with each of its samples and print its line."""
    if not calls:
        return ["ContractDriver.Recorder.reset()", f'report({label}, .notCalled("no sample input"))']
    out = ["do {", "    var attempts: [ContractDriver.Attempt] = []"]
    for variable, call in calls:
        out += [
            "    ContractDriver.Recorder.reset()",
            "    do {",
            f"        _ = try await {call}",
            f'        attempts.append(.record("{variable}", .decoded))',
            "    } catch {",
            f'        attempts.append(.record("{variable}", outcome(of: error)))',
            "    }",
        ]
    out += [f"    report({label}, attempts)", "}"]
    return out


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


DRIVER_SUPPORT = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "contract-driver-support.swift"), encoding="utf-8").read()

if __name__ == "__main__":
    main(sys.argv[1])
