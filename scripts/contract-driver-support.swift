// What every contract driver shares: the server from the command line, a transport that records
// each answer and sends nothing anywhere else (URLSession, and curl for a GET with a body, which
// URLSession can't send), and the sorting of a call's result into an outcome.
// scripts/contract-driver.py writes it at the top of each driver.
//
// The driver is compiled with the generated client in one module, whose types may take any name
// the generator allows (`Process`, `Task`, `Outcome`...): every type and function this code uses
// from Swift, Foundation, swift-http-types and StrategyKit is named with its module, and the
// driver's own types are nested in `ContractDriver`, so that no generated type can hide them.

let contractArguments = Swift.CommandLine.arguments.dropFirst()
guard let contractAddress = contractArguments.first(where: { !$0.hasPrefix("--") }),
      let contractComponents = Foundation.URLComponents(string: contractAddress),
      let contractScheme = contractComponents.scheme, let contractHost = contractComponents.host else {
    Swift.print("usage: driver URL [--errors-only]")
    Foundation.exit(2)
}
// `--errors-only` (the server answers each call with an error the document declares) changes
// nothing here: a typed error is sorted as any answer is.
let base = StrategyKit.Server(
    scheme: contractScheme, host: contractHost, port: contractComponents.port,
    basePath: contractComponents.percentEncodedPath.hasSuffix("/") ? Swift.String(contractComponents.percentEncodedPath.dropLast()) : contractComponents.percentEncodedPath)
let baseAuthority = contractComponents.port.map { "\(contractHost):\($0)" } ?? contractHost

enum ContractDriver {
    /// A request for another host than the server's, refused before it is sent.
    struct OutsideServer: Swift.Error, Swift.CustomStringConvertible {
        var authority: Swift.String
        var description: Swift.String { "request for \(authority), not the server's \(baseAuthority)" }
    }

    /// The last answer's status and body.
    final class Recorder: @unchecked Swift.Sendable {
        private static let shared = Recorder()
        private let lock = Foundation.NSLock()
        private var status: Swift.Int?
        private var body = Foundation.Data()

        static func reset() { shared.lock.withLock { (shared.status, shared.body) = (nil, Foundation.Data()) } }
        static func record(_ status: Swift.Int, _ body: Foundation.Data) { shared.lock.withLock { (shared.status, shared.body) = (status, body) } }
        static var last: (status: Swift.Int?, body: Foundation.Data) { shared.lock.withLock { (shared.status, shared.body) } }

        /// Sends through URLSession, to the server's host only, and records each answer.
        static let transport = RecordingTransport()
    }

    struct RecordingTransport: StrategyKit.Transport {
        let inner = StrategyKit.URLSessionTransport()

        func send(_ request: HTTPTypes.HTTPRequest, body: Foundation.Data?, limits: StrategyKit.StrategyClient.Limits) async throws -> (HTTPTypes.HTTPResponse, Foundation.Data) {
            guard request.authority == baseAuthority else { throw OutsideServer(authority: request.authority ?? "no host") }
            let (response, data): (HTTPTypes.HTTPResponse, Foundation.Data)
            if request.method == .get, let body, !body.isEmpty {
                // URLSession sends no body with GET (it fails the call saying so); the request the
                // client built is sent as it is by curl instead, as another transport would send it.
                (response, data) = try Curl.send(request, body: body, timeout: limits.timeout)
            } else {
                (response, data) = try await inner.send(request, body: body, limits: limits)
            }
            Recorder.record(response.status.code, data)
            return (response, data)
        }
    }

    /// Sends a request with curl: its method, URL, header fields and body as they are.
    enum Curl {
        struct Failed: Swift.Error, Swift.CustomStringConvertible {
            var description: Swift.String
        }

        static func send(_ request: HTTPTypes.HTTPRequest, body: Foundation.Data, timeout: Foundation.TimeInterval) throws -> (HTTPTypes.HTTPResponse, Foundation.Data) {
            let files = Foundation.FileManager.default
            let folder = files.temporaryDirectory.appendingPathComponent("contract-curl-\(Foundation.UUID().uuidString.lowercased())")
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? files.removeItem(at: folder) }
            let (bodyFile, headFile, answerFile) = (folder.appendingPathComponent("body"), folder.appendingPathComponent("head"), folder.appendingPathComponent("answer"))
            try body.write(to: bodyFile)
            var arguments = ["-sS", "-X", request.method.rawValue, "--data-binary", "@" + bodyFile.path, "-D", headFile.path, "-o", answerFile.path,
                             "--max-time", Swift.String(Swift.Int(timeout.rounded(.up))), "-H", "Expect:"]
            for field in request.headerFields { arguments += ["-H", "\(field.name.rawName): \(field.value)"] }
            arguments.append("\(request.scheme ?? "http")://\(request.authority ?? "")\(request.path ?? "/")")
            let process = Foundation.Process()
            process.executableURL = Foundation.URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["curl"] + arguments
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw Failed(description: "curl failed (exit \(process.terminationStatus))") }
            // The last head, after any interim (1xx) ones.
            let head = Swift.String(decoding: try Foundation.Data(contentsOf: headFile), as: Swift.UTF8.self)
            let lines = head.components(separatedBy: "\r\n").split(separator: "").last.map(Swift.Array.init) ?? []
            guard let statusLine = lines.first, let code = statusLine.split(separator: " ").dropFirst().first.flatMap({ Swift.Int($0) }) else {
                throw Failed(description: "curl got no status line")
            }
            var fields = HTTPTypes.HTTPFields()
            for line in lines.dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, let name = HTTPTypes.HTTPField.Name(Swift.String(parts[0])) {
                    fields.append(HTTPTypes.HTTPField(name: name, value: parts[1].trimmingCharacters(in: .whitespaces)))
                }
            }
            let answer = (try? Foundation.Data(contentsOf: answerFile)) ?? Foundation.Data()
            return (HTTPTypes.HTTPResponse(status: .init(code: code), headerFields: fields), answer)
        }
    }

    enum Outcome {
        case decoded
        case decodeFailed(Swift.String)
        case notCalled(Swift.String)
    }

    /// One call of an operation: which sample it sent, its outcome, and the answer recorded for it.
    struct Attempt {
        var sample: Swift.String
        var outcome: Outcome
        var status: Swift.Int?
        var body: Foundation.Data

        /// The call just made, with the answer the recorder holds.
        static func record(_ sample: Swift.String, _ outcome: Outcome) -> Attempt {
            let (status, body) = Recorder.last
            return Attempt(sample: sample, outcome: outcome, status: status, body: body)
        }

        /// Whether the call was answered and decoded, not refused by the oracle.
        var passed: Swift.Bool {
            guard let status, status != 597, status != 598, case .decoded = outcome else { return false }
            return true
        }
    }

    nonisolated(unsafe) static var totals = (operations: 0, called: 0, decoded: 0, failed: 0, notCalled: 0)
}

/// One line: the strategy, its method and path, the status, and the outcome.
@Swift.MainActor func report(_ name: Swift.String, _ method: Swift.String, _ path: Swift.String, _ outcome: ContractDriver.Outcome) {
    report(name, method, path, [.record("sample", outcome)])
}

/// One line for the calls of an operation, each with a sample of its own (`sample`, then
/// `fullSample` where the generator wrote one): the first that didn't pass, its outcome named
/// after its sample when it isn't the first call, else the last call's status and outcome.
@Swift.MainActor func report(_ name: Swift.String, _ method: Swift.String, _ path: Swift.String, _ attempts: [ContractDriver.Attempt]) {
    ContractDriver.totals.operations += 1
    let shown = attempts.first { !$0.passed } ?? attempts.last!
    let prefix = shown.sample == attempts.first?.sample ? "" : shown.sample + ": "
    var text: Swift.String
    if attempts.contains(where: { $0.status != nil }) { ContractDriver.totals.called += 1 }
    if let status = shown.status, status == 597 || status == 598 {
        // The oracle's own statuses: a request the document doesn't allow, a document it can't answer.
        text = (status == 597 ? "invalid-request: " : "document-fault: ") + prefix + Swift.String(decoding: shown.body.prefix(200), as: Swift.UTF8.self)
    } else {
        switch shown.outcome {
        case .decoded: text = "decoded"; ContractDriver.totals.decoded += 1
        case .decodeFailed(let why): text = "decode-failed: " + prefix + why; ContractDriver.totals.failed += 1
        case .notCalled(let why): text = "not-called: " + prefix + why; ContractDriver.totals.notCalled += 1
        }
    }
    Swift.print("\(name) \(method) \(path) \(shown.status.map { Swift.String($0) } ?? "-") \(oneLine(text))")
}

func oneLine(_ text: Swift.String) -> Swift.String {
    Swift.String(text.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(300))
}

/// The names a generated error enum gives the cases that may take `status`.
func caseNames(for status: Swift.Int) -> Swift.Set<Swift.String> {
    let names = [
        400: "badRequest", 401: "unauthorized", 402: "paymentRequired", 403: "forbidden", 404: "notFound",
        405: "methodNotAllowed", 406: "notAcceptable", 408: "requestTimeout", 409: "conflict", 410: "gone",
        411: "lengthRequired", 412: "preconditionFailed", 413: "contentTooLarge", 415: "unsupportedMediaType",
        422: "unprocessableContent", 423: "locked", 428: "preconditionRequired", 429: "tooManyRequests",
        500: "internalServerError", 501: "notImplemented", 502: "badGateway", 503: "serviceUnavailable",
        504: "gatewayTimeout",
    ]
    let range = status / 100 == 4 ? "clientError" : status / 100 == 5 ? "serverError" : "status\(status / 100)xx"
    return [names[status] ?? "status\(status)", range, "otherError"]
}

/// What a failed call's error says of the contract.
func outcome<Failure>(of error: StrategyKit.CallError<Failure>) -> ContractDriver.Outcome {
    switch error {
    case .api(let failure):
        return apiOutcome(failure)
    case .decoding(let error, let body):
        return .decodeFailed("\(error) (\(body.count) bytes)")
    case .transport(let error):
        return .notCalled("transport: \(error)")
    case .authentication(let error):
        return .notCalled("credentials: \(error)")
    case .request(let error):
        return .notCalled("request not built: \(error)")
    case .other(let error):
        return .notCalled("\(error)")
    }
}

/// A typed error decoded when its case takes the answer's status and its payload, if it has
/// one, decoded from a body that wasn't empty.
func apiOutcome(_ failure: some Swift.Error) -> ContractDriver.Outcome {
    let (status, body) = ContractDriver.Recorder.last
    guard let status else { return .decodeFailed("an API error without an answer: \(failure)") }
    if failure is StrategyKit.UnexpectedResponse { return .decodeFailed("the strategy declares no error type for status \(status)") }
    let mirror = Swift.Mirror(reflecting: failure)
    guard mirror.displayStyle == .enum else { return .decoded }
    let label = mirror.children.first?.label ?? Swift.String(describing: failure).prefix { $0 != "(" }.description
    // A status only `default` declares, without a body, is what `unknown` is for.
    if label == "unknown" { return body.isEmpty ? .decoded : .decodeFailed("unknown case for status \(status) with a body: \(failure)") }
    guard caseNames(for: status).contains(label) else { return .decodeFailed("case .\(label) for status \(status)") }
    if let payload = mirror.children.first?.value, !body.isEmpty {
        var value: Any = payload
        // A case that keeps the body beside its payload: the payload is the first value.
        if Swift.Mirror(reflecting: value).displayStyle == .tuple, let first = Swift.Mirror(reflecting: value).children.first { value = first.value }
        let inner = Swift.Mirror(reflecting: value)
        if inner.displayStyle == .optional, inner.children.isEmpty {
            return .decodeFailed(".\(label) without its payload from a body of \(body.count) bytes: \(Swift.String(decoding: body.prefix(120), as: Swift.UTF8.self))")
        }
    }
    return .decoded
}

extension StrategyKit.ClientBuilder {
    /// The builder with every server a strategy names of its own sent to the server instead.
    func replacingServers(of strategies: [any StrategyKit.Strategy]) -> Self {
        var builder = self
        var replaced: Swift.Set<StrategyKit.Server> = [base]
        for server in strategies.compactMap(\.server) where replaced.insert(server).inserted {
            builder = builder.replacing(server, with: base)
        }
        return builder
    }
}
