// What every contract driver shares: the server from the command line, a transport that records
// each answer and sends nothing anywhere else (URLSession, and curl for a GET with a body, which
// URLSession can't send), and the sorting of a call's result into an outcome.
// scripts/contract-driver.py writes it at the top of each driver.

let arguments = CommandLine.arguments.dropFirst()
guard let address = arguments.first(where: { !$0.hasPrefix("--") }), let components = URLComponents(string: address),
      let scheme = components.scheme, let host = components.host else {
    print("usage: driver URL [--errors-only]")
    exit(2)
}
// `--errors-only` (the server answers each call with an error the document declares) changes
// nothing here: a typed error is sorted as any answer is.
let base = Server(scheme: scheme, host: host, port: components.port, basePath: components.percentEncodedPath.hasSuffix("/") ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath)
let baseAuthority = components.port.map { "\(host):\($0)" } ?? host

/// A request for another host than the server's, refused before it is sent.
struct OutsideServer: Error, CustomStringConvertible {
    var authority: String
    var description: String { "request for \(authority), not the server's \(baseAuthority)" }
}

/// The last answer's status and body.
final class Recorder: @unchecked Sendable {
    private static let shared = Recorder()
    private let lock = NSLock()
    private var status: Int?
    private var body = Data()

    static func reset() { shared.lock.withLock { (shared.status, shared.body) = (nil, Data()) } }
    static func record(_ status: Int, _ body: Data) { shared.lock.withLock { (shared.status, shared.body) = (status, body) } }
    static var last: (status: Int?, body: Data) { shared.lock.withLock { (shared.status, shared.body) } }

    /// Sends through URLSession, to the server's host only, and records each answer.
    static let transport = RecordingTransport()
}

struct RecordingTransport: Transport {
    let inner = URLSessionTransport()

    func send(_ request: HTTPRequest, body: Data?, limits: StrategyClient.Limits) async throws -> (HTTPResponse, Data) {
        guard request.authority == baseAuthority else { throw OutsideServer(authority: request.authority ?? "no host") }
        let (response, data): (HTTPResponse, Data)
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
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static func send(_ request: HTTPRequest, body: Data, timeout: TimeInterval) throws -> (HTTPResponse, Data) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-curl-\(UUID().uuidString.lowercased())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (bodyFile, headFile, answerFile) = (folder.appendingPathComponent("body"), folder.appendingPathComponent("head"), folder.appendingPathComponent("answer"))
        try body.write(to: bodyFile)
        var arguments = ["-sS", "-X", request.method.rawValue, "--data-binary", "@" + bodyFile.path, "-D", headFile.path, "-o", answerFile.path,
                         "--max-time", String(Int(timeout.rounded(.up))), "-H", "Expect:"]
        for field in request.headerFields { arguments += ["-H", "\(field.name.rawName): \(field.value)"] }
        arguments.append("\(request.scheme ?? "http")://\(request.authority ?? "")\(request.path ?? "/")")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl"] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(description: "curl failed (exit \(process.terminationStatus))") }
        // The last head, after any interim (1xx) ones.
        let head = String(decoding: try Data(contentsOf: headFile), as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n").split(separator: "").last.map(Array.init) ?? []
        guard let statusLine = lines.first, let code = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw Failed(description: "curl got no status line")
        }
        var fields = HTTPFields()
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, let name = HTTPField.Name(String(parts[0])) {
                fields.append(HTTPField(name: name, value: parts[1].trimmingCharacters(in: .whitespaces)))
            }
        }
        let answer = (try? Data(contentsOf: answerFile)) ?? Data()
        return (HTTPResponse(status: .init(code: code), headerFields: fields), answer)
    }
}

extension ClientBuilder {
    /// The builder with every server a strategy names of its own sent to the server instead.
    func replacingServers(of strategies: [any Strategy]) -> Self {
        var builder = self
        var replaced: Set<Server> = [base]
        for server in strategies.compactMap(\.server) where replaced.insert(server).inserted {
            builder = builder.replacing(server, with: base)
        }
        return builder
    }
}

enum Outcome {
    case decoded
    case decodeFailed(String)
    case notCalled(String)
}

var totals = (operations: 0, called: 0, decoded: 0, failed: 0, notCalled: 0)

/// One line: the strategy, its method and path, the status, and the outcome.
@MainActor func report(_ name: String, _ method: String, _ path: String, _ outcome: Outcome) {
    let (status, body) = Recorder.last
    totals.operations += 1
    var text: String
    if status != nil { totals.called += 1 }
    if let status, status == 597 || status == 598 {
        // The oracle's own statuses: a request the document doesn't allow, a document it can't answer.
        text = (status == 597 ? "invalid-request: " : "document-fault: ") + String(decoding: body.prefix(200), as: UTF8.self)
    } else {
        switch outcome {
        case .decoded: text = "decoded"; totals.decoded += 1
        case .decodeFailed(let why): text = "decode-failed: " + why; totals.failed += 1
        case .notCalled(let why): text = "not-called: " + why; totals.notCalled += 1
        }
    }
    print("\(name) \(method) \(path) \(status.map(String.init) ?? "-") \(oneLine(text))")
}

func oneLine(_ text: String) -> String {
    String(text.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(300))
}

/// The names a generated error enum gives the cases that may take `status`.
func caseNames(for status: Int) -> Set<String> {
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
func outcome<Failure>(of error: CallError<Failure>) -> Outcome {
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
func apiOutcome(_ failure: some Error) -> Outcome {
    let (status, body) = Recorder.last
    guard let status else { return .decodeFailed("an API error without an answer: \(failure)") }
    if failure is UnexpectedResponse { return .decodeFailed("the strategy declares no error type for status \(status)") }
    let mirror = Mirror(reflecting: failure)
    guard mirror.displayStyle == .enum else { return .decoded }
    let label = mirror.children.first?.label ?? String(describing: failure).prefix { $0 != "(" }.description
    // A status only `default` declares, without a body, is what `unknown` is for.
    if label == "unknown" { return body.isEmpty ? .decoded : .decodeFailed("unknown case for status \(status) with a body: \(failure)") }
    guard caseNames(for: status).contains(label) else { return .decodeFailed("case .\(label) for status \(status)") }
    if let payload = mirror.children.first?.value, !body.isEmpty {
        var value: Any = payload
        // A case that keeps the body beside its payload: the payload is the first value.
        if Mirror(reflecting: value).displayStyle == .tuple, let first = Mirror(reflecting: value).children.first { value = first.value }
        let inner = Mirror(reflecting: value)
        if inner.displayStyle == .optional, inner.children.isEmpty {
            return .decodeFailed(".\(label) without its payload from a body of \(body.count) bytes: \(String(decoding: body.prefix(120), as: UTF8.self))")
        }
    }
    return .decoded
}
