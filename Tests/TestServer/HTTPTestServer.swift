#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation

/// A request as the server received it.
public struct RecordedRequest: Sendable {
    /// The request method, e.g. `"GET"`.
    public let method: String
    /// The request-target as received, e.g. `"/users/42?verbose=true"`.
    public let target: String
    /// The part of `target` before `?`, still percent-encoded.
    public let path: String
    /// The part of `target` after `?`, or `nil` if there is none.
    public let query: String?
    /// The header fields in the order they were received.
    public let headers: [(name: String, value: String)]
    /// The body, with any chunked transfer coding removed.
    public let body: Data

    /// The value of the first header named `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The query items of `query`, decoded by `URLComponents`; empty if there is no query.
    public var queryItems: [URLQueryItem] {
        guard let query else { return [] }
        return URLComponents(string: "http://localhost/?" + query)?.queryItems ?? []
    }
}

/// The response a handler gives back for one request.
public struct CannedResponse: Sendable {
    /// The status code, e.g. `200`.
    public var status: Int
    /// Header fields to send; `Content-Length` is added unless present here.
    public var headers: [(name: String, value: String)]
    /// The body; not sent for `HEAD` requests or `204`/`304` responses.
    public var body: Data

    /// Creates a response from its parts.
    public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is `text`, with `Content-Type: application/json`.
    public static func json(_ text: String, status: Int = 200) -> CannedResponse {
        CannedResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
    }

    /// A response whose body is `text`, with `Content-Type: text/plain; charset=utf-8`.
    public static func text(_ text: String, status: Int = 200) -> CannedResponse {
        CannedResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(text.utf8))
    }
}

/// A small HTTP/1.1 server on a loopback port that records every request and answers with a handler.
///
/// Each connection is served on its own thread and supports keep-alive and pipelining. The handler runs
/// on the connection's thread too, not on Swift's cooperative pool, so the server answers however
/// busy the tests around it keep the pool.
public final class HTTPTestServer: Sendable {
    /// The port the server listens on, on 127.0.0.1.
    public let port: Int
    private let core: ServerCore

    /// Binds 127.0.0.1 on an ephemeral port (port 0) and starts serving at once on background threads.
    public init(handler: @escaping @Sendable (RecordedRequest) async -> CannedResponse) throws {
        core = try ServerCore(handler: handler)
        port = core.port
        core.start()
    }

    /// Every request received so far, in arrival order (thread-safe snapshot).
    public var requests: [RecordedRequest] { core.state.withLock { $0.requests } }

    /// Returns as soon as the server has received `count` requests in all.
    public func received(_ count: Int) async throws {
        try await core.received.reach(count)
    }

    /// Returns as soon as the server has written the response to `count` requests in all.
    public func answered(_ count: Int) async throws {
        try await core.answered.reach(count)
    }

    /// Closes the listening socket and all open connections; idempotent. Also called from deinit.
    public func stop() { core.stop() }

    deinit { core.stop() }
}

// MARK: - Implementation

/// An error from a socket call made while setting up a server.
struct SocketError: Error, CustomStringConvertible {
    let call: String
    let code: Int32
    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}

#if canImport(Darwin)
private let streamType = SOCK_STREAM
private let sendFlags: Int32 = 0
#else
private let streamType = Int32(SOCK_STREAM.rawValue)
private let sendFlags = Int32(MSG_NOSIGNAL)
#endif

/// A value guarded by a lock. `@unchecked Sendable` because `value` is only touched inside `withLock`, under `lock`.
final class Protected<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// The sockets and threads behind `HTTPTestServer`; threads retain this, not the public object, so deinit can stop them.
private final class ServerCore: Sendable {
    struct State {
        var stopped = false
        var connections: Set<Int32> = []
        var requests: [RecordedRequest] = []
    }

    let port: Int
    let state = Protected(State())
    /// The requests received, and those answered, counted for tests to wait on.
    let received = Counter()
    let answered = Counter()
    private let listener: Int32
    private let handler: @Sendable (RecordedRequest) async -> CannedResponse

    init(handler: @escaping @Sendable (RecordedRequest) async -> CannedResponse) throws {
        self.handler = handler
        (listener, port) = try loopbackSocket(listening: true)
    }

    func start() {
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "HTTPTestServer.accept"
        thread.start()
    }

    /// Marks the server stopped and shuts down every open connection; the accept thread then
    /// closes the listener.
    ///
    /// Only the thread that uses a descriptor closes it, so a closed descriptor's number, which
    /// the system hands out again at once, is never used by a thread that still holds it.
    func stop() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            // Connection threads close their own sockets after unregistering them under this lock.
            for fd in state.connections { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    /// Accepts connections and starts a thread for each until the server stops, looking at the
    /// stop flag at least every 50 ms.
    private func acceptLoop() {
        defer { close(listener) }
        while !state.withLock({ $0.stopped }) {
            var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, 50)
            if ready < 0 && errno != EINTR { return }
            guard ready > 0 else { continue }
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED || errno == EAGAIN { continue }
                return
            }
            let registered = state.withLock { state in
                guard !state.stopped else { return false }
                state.connections.insert(client)
                return true
            }
            guard registered else { close(client); return }
            #if canImport(Darwin)
            try? setOption(client, SO_NOSIGPIPE)
            #endif
            let thread = Thread { [self] in serve(client) }
            thread.name = "HTTPTestServer.connection"
            thread.start()
        }
    }

    /// Serves requests on one connection until it closes, a request asks to close, or the server stops.
    private func serve(_ fd: Int32) {
        defer {
            state.withLock { _ = $0.connections.remove(fd) }
            close(fd)
        }
        var reader = RequestReader(fd: fd)
        while true {
            let request: (recorded: RecordedRequest, wantsClose: Bool)
            do {
                request = try reader.readRequest()
            } catch ReadError.malformed {
                let response = CannedResponse.text("Bad Request\n", status: 400)
                sendAll(fd, encode(response, headOnly: false, close: true))
                return
            } catch {
                return
            }
            state.withLock { $0.requests.append(request.recorded) }
            received.increment()
            let response = respond(to: request.recorded)
            let close = request.wantsClose || response.headers.contains {
                $0.name.lowercased() == "connection" && $0.value.lowercased().contains("close")
            }
            let bytes = encode(response, headOnly: request.recorded.method == "HEAD", close: close)
            let sent = sendAll(fd, bytes)
            answered.increment()
            guard sent, !close else { return }
        }
    }

    /// Runs the async handler on this connection's thread (``ThreadExecutor``), so the answer
    /// never waits for a free thread of Swift's cooperative pool, which other tests may keep busy.
    private func respond(to request: RecordedRequest) -> CannedResponse {
        let handler = self.handler
        return ThreadExecutor.run { await handler(request) }
    }
}

/// Opens a socket bound to 127.0.0.1 on an ephemeral port; a listening one reuses addresses
/// and has a backlog of 128.
func loopbackSocket(listening: Bool) throws -> (fd: Int32, port: Int) {
    let fd = socket(AF_INET, streamType, 0)
    guard fd >= 0 else { throw SocketError(call: "socket", code: errno) }
    do {
        if listening { try setOption(fd, SO_REUSEADDR) }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw SocketError(call: "bind", code: errno) }
        guard !listening || listen(fd, 128) == 0 else { throw SocketError(call: "listen", code: errno) }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    } catch {
        close(fd)
        throw error
    }
}

private func setOption(_ fd: Int32, _ option: Int32) throws {
    var on: Int32 = 1
    guard setsockopt(fd, SOL_SOCKET, option, &on, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
        throw SocketError(call: "setsockopt", code: errno)
    }
}

/// Writes all of `bytes`, returning false if the connection fails.
@discardableResult
func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, sendFlags) }
        if sent < 0 && errno == EINTR { continue }
        guard sent > 0 else { return false }
        offset += sent
    }
    return true
}

/// Serializes a response; `Content-Length` is added unless the handler set it, and no body is sent for HEAD, 204 or 304.
private func encode(_ response: CannedResponse, headOnly: Bool, close: Bool) -> [UInt8] {
    let names = Set(response.headers.map { $0.name.lowercased() })
    let bodyless = response.status == 204 || response.status == 304
    var head = "HTTP/1.1 \(response.status) \(reasonPhrases[response.status] ?? "Status")\r\n"
    for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
    if !bodyless && names.isDisjoint(with: ["content-length", "transfer-encoding"]) {
        head += "Content-Length: \(response.body.count)\r\n"
    }
    if close && !names.contains("connection") { head += "Connection: close\r\n" }
    head += "\r\n"
    return Array(head.utf8) + (headOnly || bodyless ? [] : [UInt8](response.body))
}

private let reasonPhrases: [Int: String] = [
    100: "Continue", 200: "OK", 201: "Created", 202: "Accepted", 204: "No Content",
    301: "Moved Permanently", 302: "Found", 304: "Not Modified",
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
    409: "Conflict", 422: "Unprocessable Content", 429: "Too Many Requests",
    500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
]

// MARK: - Parsing

private enum ReadError: Error { case closed, malformed }

/// Reads requests from a socket, buffering bytes that belong to the next pipelined request.
private struct RequestReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private static let maxLine = 64 * 1024
    private static let maxHeaders = 256

    init(fd: Int32) { self.fd = fd }

    /// Reads the next request and whether the connection should close after answering it.
    mutating func readRequest() throws -> (recorded: RecordedRequest, wantsClose: Bool) {
        var line = try readLine()
        while line.isEmpty { line = try readLine() }  // tolerate stray CRLFs between requests
        let parts = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, parts[2].hasPrefix("HTTP/1.") else {
            throw ReadError.malformed
        }
        let (method, target, version) = (parts[0], parts[1], parts[2])
        let headers = try readHeaders()
        let values = { (name: String) in headers.filter { $0.name.lowercased() == name }.map { $0.value.lowercased() } }

        let chunked = values("transfer-encoding").last?.hasSuffix("chunked") ?? false
        let length = try contentLength(values("content-length"))
        if values("expect").contains("100-continue") && (chunked || length > 0) {
            guard sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { throw ReadError.closed }
        }
        let body = chunked ? try readChunkedBody() : try read(count: length)

        let connection = values("connection").joined(separator: ",")
        let wantsClose = version == "HTTP/1.0" ? !connection.contains("keep-alive") : connection.contains("close")
        let question = target.firstIndex(of: "?")
        let recorded = RecordedRequest(
            method: method, target: target,
            path: String(target[..<(question ?? target.endIndex)]),
            query: question.map { String(target[target.index(after: $0)...]) },
            headers: headers, body: Data(body))
        return (recorded, wantsClose)
    }

    /// Reads header fields up to the empty line that ends them.
    private mutating func readHeaders() throws -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        while true {
            let field = try readLine()
            if field.isEmpty { return headers }
            guard headers.count < Self.maxHeaders, let colon = field.firstIndex(of: ":"), colon > field.startIndex,
                  !field[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else { throw ReadError.malformed }
            let value = field[field.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            headers.append((String(field[..<colon]), value))
        }
    }

    /// The body length from the `Content-Length` values (0 if none); differing or invalid values are malformed.
    private func contentLength(_ values: [String]) throws -> Int {
        let lengths = Set(values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) })
        guard lengths.count <= 1 else { throw ReadError.malformed }
        guard let text = lengths.first else { return 0 }
        guard text.first?.isNumber == true, let length = Int(text), length >= 0 else { throw ReadError.malformed }
        return length
    }

    /// Decodes a chunked body; chunk extensions and trailer fields are ignored.
    private mutating func readChunkedBody() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeText = try readLine().prefix { $0 != ";" }.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            guard sizeText.allSatisfy(\.isHexDigit), let size = Int(sizeText, radix: 16) else { throw ReadError.malformed }
            if size == 0 { break }
            body += try read(count: size)
            guard try readLine().isEmpty else { throw ReadError.malformed }
        }
        while try !readLine().isEmpty {}  // trailer section
        return body
    }

    /// Reads one line ending in LF (an optional preceding CR is dropped).
    private mutating func readLine() throws -> String {
        var searched = 0
        while true {
            if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = buffer[..<newline]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                let text = String(decoding: line, as: UTF8.self)
                buffer.removeFirst(newline + 1)
                return text
            }
            guard buffer.count <= Self.maxLine else { throw ReadError.malformed }
            searched = buffer.count
            try fill()
        }
    }

    /// Reads exactly `count` bytes.
    private mutating func read(count: Int) throws -> [UInt8] {
        while buffer.count < count { try fill() }
        let bytes = Array(buffer[..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// Appends whatever the socket has next to `buffer`; throws `.closed` at end of stream or on error.
    private mutating func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var received: Int
        repeat {
            received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        } while received < 0 && errno == EINTR
        guard received > 0 else { throw ReadError.closed }
        buffer += chunk[..<received]
    }
}
