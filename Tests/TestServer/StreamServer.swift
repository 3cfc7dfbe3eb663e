#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Foundation

/// A loopback HTTP/1.1 server for streamed exchanges: each connection serves one request, and
/// a script writes the answer piece by piece on the connection's thread — a chunked body
/// whose pieces arrive when the script sends them, a pause, a dropped connection — and can
/// wait to see the client close.
public final class StreamServer: Sendable {
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let listener: Int32
    private let stopped = Protected(false)
    private let script: @Sendable (StreamConnection) -> Void

    /// Starts serving at once; `script` answers each request.
    public init(_ script: @escaping @Sendable (StreamConnection) -> Void) throws {
        self.script = script
        (listener, port) = try loopbackSocket(listening: true)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops accepting connections.
    public func stop() { stopped.withLock { $0 = true } }

    deinit { stop() }

    private func acceptLoop() {
        defer { close(listener) }
        while !stopped.withLock({ $0 }) {
            var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 50) > 0 else { continue }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { continue }
            let script = self.script
            let thread = Thread {
                let connection = StreamConnection(fd: fd)
                if connection.readRequest() { script(connection) }
                connection.close()
            }
            thread.start()
        }
    }
}

/// One connection of a ``StreamServer``: the request it carried, and the means to answer it.
public final class StreamConnection: @unchecked Sendable {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var isClosed = false
    /// The request line's method.
    public private(set) var method = ""
    /// The request-target.
    public private(set) var target = ""
    /// The header fields, names in lower case.
    public private(set) var headers: [String: String] = [:]
    /// The request body, chunked coding removed.
    public private(set) var body = Data()

    init(fd: Int32) {
        self.fd = fd
    }

    /// Reads the request; `false` when the connection broke first.
    func readRequest() -> Bool {
        guard let line = readLine() else { return false }
        let parts = line.split(separator: " ")
        guard parts.count == 3 else { return false }
        (method, target) = (String(parts[0]), String(parts[1]))
        while let field = readLine(), !field.isEmpty {
            guard let colon = field.firstIndex(of: ":") else { continue }
            headers[field[..<colon].lowercased()] = field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["expect"]?.lowercased() == "100-continue" { write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) }
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            while let size = readLine().flatMap({ Int($0.prefix { $0 != ";" }, radix: 16) }), size > 0 {
                guard let chunk = read(size) else { return false }
                body.append(contentsOf: chunk)
                _ = readLine()
            }
            while let line = readLine(), !line.isEmpty {}
        } else if let length = headers["content-length"].flatMap({ Int($0) }), length > 0 {
            guard let bytes = read(length) else { return false }
            body = Data(bytes)
        }
        return true
    }

    /// Sends a head with `status` and `headers`, announcing a chunked body unless `headers`
    /// give a length.
    public func sendHead(status: Int = 200, headers: [(String, String)] = [("Content-Type", "text/event-stream")]) {
        var head = "HTTP/1.1 \(status) Status\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !headers.contains(where: { $0.0.lowercased() == "content-length" }) { head += "Transfer-Encoding: chunked\r\n" }
        head += "Connection: close\r\n\r\n"
        write(Array(head.utf8))
    }

    /// Sends `text` as one chunk of a chunked body.
    @discardableResult
    public func sendChunk(_ text: String) -> Bool {
        sendChunk(Data(text.utf8))
    }

    /// Sends `data` as one chunk of a chunked body; `false` when the client has gone.
    @discardableResult
    public func sendChunk(_ data: Data) -> Bool {
        guard !data.isEmpty else { return true }
        return write(Array(String(data.count, radix: 16).utf8) + [13, 10] + [UInt8](data) + [13, 10])
    }

    /// Sends raw bytes (for a body with a `Content-Length`).
    @discardableResult
    public func sendRaw(_ data: Data) -> Bool {
        write([UInt8](data))
    }

    /// Ends a chunked body.
    public func end() {
        write(Array("0\r\n\r\n".utf8))
    }

    /// Whether the client closed the connection within `seconds`.
    public func waitForClose(seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        var scratch = [UInt8](repeating: 0, count: 4096)
        while Date() < end {
            var waiting = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&waiting, 1, 20) > 0 {
                let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count <= 0 { return true }
            }
        }
        return false
    }

    /// Closes the connection (a chunked body left unended: the client sees it dropped).
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        shutdown(fd, Int32(SHUT_RDWR))
        #if canImport(Darwin)
        Darwin.close(fd)
        #else
        Glibc.close(fd)
        #endif
    }

    @discardableResult
    private func write(_ bytes: [UInt8]) -> Bool {
        sendAll(fd, bytes)
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }

    private func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                var line = buffer[..<newline]
                if line.last == 13 { line = line.dropLast() }
                buffer.removeFirst(newline + 1)
                return String(decoding: line, as: UTF8.self)
            }
            guard fill() else { return nil }
        }
    }

    private func read(_ count: Int) -> [UInt8]? {
        while buffer.count < count { guard fill() else { return nil } }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }
}
