#!/usr/bin/env python3
"""Writes a Swift program that decodes every example a generated client's stubs hold through its
strategy's own output decoding, as a stubbed client would answer it, for scripts/import-corpus.sh.

    example-harness.py GENERATED_DIR > main.swift

The program prints a line for each example that doesn't decode, then `examples decoded N/M`, and
exits non-zero when one doesn't.
"""
import glob, re, sys

def main(folder):
    paths = glob.glob(f"{folder}/*.Stubs.swift")
    stubs = open(paths[0], encoding="utf-8").read() if paths else ""
    found = re.search(r"^public enum (\w+) \{", stubs, re.M)
    names = re.findall(r'^    public static let (\w+) = """$', stubs, re.M)
    lines = ["import Foundation", "@_spi(Generated) import StrategyKit", "", "var decoded = 0, failed = 0",
             "func response(_ headers: KeyValuePairs<String, String>) -> HTTPResponse {",
             "    var response = HTTPResponse(status: .ok)",
             "    for (name, value) in headers { response.headerFields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }",
             "    return response",
             "}"]
    for name in names if found else []:
        strategy = name.lstrip("`")
        strategy = strategy[0].upper() + strategy[1:]
        # The headers the stubbed client answers with: those every response has.
        headers = re.search(r"json: " + re.escape(found.group(1) + "." + name) + r", (?:status: \d+, )?headers: (\[[^\]]*\])", stubs)
        lines += [
            "do {",
            f"    _ = try {strategy}().output(from: response({headers.group(1) if headers else '[:]'}), body: Data({found.group(1)}.{name}.utf8), decoder: JSONDecoder())",
            "    decoded += 1",
            "} catch {",
            "    failed += 1",
            f'    print("not decoded  {strategy}: \\(error)")',
            "}",
        ]
    lines += ['print("examples decoded \\(decoded)/\\(decoded + failed)")', "exit(failed == 0 ? 0 : 1)"]
    print("\n".join(lines))

if __name__ == "__main__":
    main(sys.argv[1])
