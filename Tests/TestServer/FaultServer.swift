#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation

/// What a ``FaultServer`` does with a request: answer well, or fail in one of the ways real
/// networks fail.
public enum Fault: Sendable {
    /// Answers with `status`, `headers` and `body` (`Content-Length` added).
    case respond(status: Int, headers: [(String, String)] = [], body: Data = Data())
    /// Sends a head announcing a `length`-byte body and no body, as the answer to `HEAD` does.
    case headOnly(length: Int)
    /// Reads the request, then sends nothing for `seconds` and closes.
    case stallBeforeHead(seconds: Double)
    /// Sends the head and `sent` of `length` body bytes, then nothing for `seconds`.
    case stallMidBody(length: Int, sent: Int, seconds: Double)
    /// Sends a `length`-byte body one byte every `interval` seconds.
    case trickle(length: Int, interval: Double)
    /// Promises `length` bytes, sends `sent`, and closes the connection cleanly.
    case truncate(length: Int, sent: Int)
    /// Promises `length` bytes, sends `sent`, and resets the connection (TCP RST).
    case resetMidBody(length: Int, sent: Int)
    /// Sends bytes that aren't HTTP, then closes.
    case garbage
    /// Sends a body of `length` bytes, with a `Content-Length` or (when `declared` is false) chunked.
    case huge(length: Int, declared: Bool)
    /// Sends a body that never ends, 64 KiB every 10 ms, until the client closes the connection:
    /// chunked, or (when `declared` is true) announced as a terabyte.
    case endless(declared: Bool)
}

/// One request a ``FaultServer`` received: its head, and when it arrived.
public struct FaultRequest: Sendable {
    /// The request method.
    public let method: String
    /// The request-target, e.g. `/stall?x=1`.
    public let target: String
    /// The header fields, names in lower case.
    public let headers: [String: String]
    /// The body.
    public let body: Data
    /// When the server finished reading it.
    public let arrived: ContinuousClock.Instant

    /// The target without its query.
    public var path: String { String(target.prefix { $0 != "?" }) }
}

/// A loopback HTTP/1.1 server that fails on purpose, for testing how transports and the client
/// meet faults. Every connection serves one request and closes. Each request is recorded
/// with its arrival time, so tests measure from the server's moments, not the wall clock.
public final class FaultServer: Sendable {
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let listener: Int32
    private let state = Protected(FaultState())
    private let respond: @Sendable (FaultRequest) -> Fault

    private struct FaultState {
        var stopped = false
        var requests: [FaultRequest] = []
    }

    /// Starts serving at once; `respond` picks the fault for each request.
    public init(_ respond: @escaping @Sendable (FaultRequest) -> Fault) throws {
        self.respond = respond
        (listener, port) = try loopbackSocket(listening: true)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Every request received so far, in order.
    public var requests: [FaultRequest] { state.withLock { $0.requests } }

    /// The requests whose path is `path`.
    public func requests(to path: String) -> [FaultRequest] { requests.filter { $0.path == path } }

    /// Stops accepting and ends every stall early.
    public func stop() {
        state.withLock { $0.stopped = true }
    }

    deinit { stop() }

    private var stopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        defer { close(listener) }
        while !stopped {
            var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 50) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        var resetOnClose = false
        defer {
            if resetOnClose {
                var option = linger(l_onoff: 1, l_linger: 0)
                setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
            }
            close(fd)
        }
        guard let request = readRequest(fd) else { return }
        state.withLock { $0.requests.append(request) }
        switch respond(request) {
        case .respond(let status, let headers, let body):
            sendAll(fd, head(status: status, headers: headers + [("Content-Length", "\(body.count)")]) + [UInt8](body))
        case .headOnly(let length):
            sendAll(fd, head(status: 200, headers: [("Content-Length", "\(length)")]))
        case .stallBeforeHead(let seconds):
            pause(seconds)
        case .stallMidBody(let length, let sent, let seconds):
            sendAll(fd, head(status: 200, headers: [("Content-Length", "\(length)")]) + filler(sent))
            pause(seconds)
        case .trickle(let length, let interval):
            guard sendAll(fd, head(status: 200, headers: [("Content-Length", "\(length)")])) else { return }
            for _ in 0..<length where !stopped {
                pause(interval)
                guard sendAll(fd, filler(1)) else { return }
            }
        case .truncate(let length, let sent):
            sendAll(fd, head(status: 200, headers: [("Content-Length", "\(length)")]) + filler(sent))
        case .resetMidBody(let length, let sent):
            sendAll(fd, head(status: 200, headers: [("Content-Length", "\(length)")]) + filler(sent))
            resetOnClose = true
        case .garbage:
            sendAll(fd, Array("\u{1}\u{2}NOT HTTP AT ALL\u{7F}\r\n\r\n".utf8))
        case .huge(let length, let declared):
            let framing = declared ? ("Content-Length", "\(length)") : ("Transfer-Encoding", "chunked")
            guard sendAll(fd, head(status: 200, headers: [framing])) else { return }
            let chunk = filler(64 * 1024)
            var left = length
            while left > 0, !stopped {
                let piece = Array(chunk.prefix(left))
                let framed = declared ? piece : Array(String(piece.count, radix: 16).utf8) + [13, 10] + piece + [13, 10]
                guard sendAll(fd, framed) else { return }
                left -= piece.count
            }
            if !declared { sendAll(fd, Array("0\r\n\r\n".utf8)) }
        case .endless(let declared):
            let framing = declared ? ("Content-Length", "\(1 << 40)") : ("Transfer-Encoding", "chunked")
            guard sendAll(fd, head(status: 200, headers: [framing])) else { return }
            let piece = filler(64 * 1024)
            let framed = declared ? piece : Array(String(piece.count, radix: 16).utf8) + [13, 10] + piece + [13, 10]
            while !stopped, sendAll(fd, framed) { pause(0.01) }
        }
    }

    /// Waits `seconds`, or less when the server stops.
    private func pause(_ seconds: Double) {
        let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while !stopped, ContinuousClock.now < end { usleep(10_000) }
    }

    private func readRequest(_ fd: Int32) -> FaultRequest? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let separator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        var expected = Int.max
        while buffer.count < expected {
            let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard received > 0 else { return nil }
            buffer += chunk[..<received]
            // A TLS handshake record, as a client speaking https sends first: answered as a
            // plain HTTP server does, with a 400, and the connection closed.
            if buffer.first == 0x16 {
                sendAll(fd, head(status: 400, headers: [("Content-Length", "0")]))
                return nil
            }
            if headEnd == nil, let end = buffer.firstRange(of: separator)?.upperBound {
                headEnd = end
                let lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                let length = lines.first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                expected = end + length
            }
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: buffer[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return FaultRequest(method: String(parts[0]), target: String(parts[1]), headers: headers,
                            body: Data(buffer[headEnd...]), arrived: .now)
    }
}

/// A loopback port that refuses every connection: bound, never listening, and kept so while
/// this lives, so no other server can take it meanwhile.
public final class RefusingPort: Sendable {
    /// The port.
    public let port: Int
    private let fd: Int32

    /// Reserves a port that refuses connections.
    public init() throws {
        (fd, port) = try loopbackSocket(listening: false)
    }

    deinit { close(fd) }
}

private func head(status: Int, headers: [(String, String)]) -> [UInt8] {
    var text = "HTTP/1.1 \(status) Status\r\nConnection: close\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    return Array((text + "\r\n").utf8)
}

private func filler(_ count: Int) -> [UInt8] {
    [UInt8](repeating: UInt8(ascii: "x"), count: count)
}
