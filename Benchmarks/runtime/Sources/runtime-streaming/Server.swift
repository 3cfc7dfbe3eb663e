#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// The server of the streaming benchmark, run as a process of its own (`runtime-streaming
// --serve`) so its memory isn't counted with the client's. A thread per connection, blocking
// writes: a client that reads slowly holds the server back, as TCP does.
//
//   GET /events?count=N&size=S   N server-sent events of about S bytes each, chunked
//   GET /latency?count=N&gap=G   N events, the first with the head and the others G ms apart,
//                                each carrying the monotonic time it was sent
//   GET /endless?id=I            an event every millisecond until the client closes the
//                                connection, which is noted under I with the time it was seen
//   GET /closed?id=I             when the server saw stream I's connection closed (monotonic
//                                nanoseconds), 0 if it hasn't
//   GET /bytes?size=S            S bytes with a Content-Length
//   PUT /upload                  reads the body and answers with its length

/// The monotonic clock in nanoseconds, shared by the processes of one machine.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// When the server saw each endless stream's connection closed, by its id.
private enum Closes {
    static let lock = NSLock()
    nonisolated(unsafe) static var seen: [Int: UInt64] = [:]
    static func record(_ id: Int) { lock.withLock { seen[id] = monotonicNanoseconds() } }
    static func time(of id: Int) -> UInt64 { lock.withLock { seen[id] ?? 0 } }
}

enum BenchmarkServer {
    static func serve() -> Never {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        listen(fd, 64)
        print(Int(UInt16(bigEndian: address.sin_port)))
        fflush(nil)
        while true {
            let client = accept(fd, nil, nil)
            guard client >= 0 else { continue }
            var nodelay: Int32 = 1
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &nodelay, socklen_t(MemoryLayout<Int32>.size))
            Thread { Connection(fd: client).serve() }.start()
        }
    }
}

private final class Connection {
    let fd: Int32
    var buffer: [UInt8] = []

    init(fd: Int32) { self.fd = fd }

    func serve() {
        defer { close(fd) }
        while let line = readLine() {
            let parts = line.split(separator: " ")
            guard parts.count == 3 else { return }
            var headers: [String: String] = [:]
            while let field = readLine(), !field.isEmpty {
                if let colon = field.firstIndex(of: ":") {
                    headers[field[..<colon].lowercased()] = field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
            let components = URLComponents(string: String(parts[1]))
            let query = Dictionary((components?.queryItems ?? []).map { ($0.name, Int($0.value ?? "") ?? 0) }, uniquingKeysWith: { $1 })
            switch (String(parts[0]), components?.path ?? "") {
            case ("PUT", _):
                let received = readBody(headers)
                let text = "\(received)"
                guard send("HTTP/1.1 200 OK\r\nContent-Length: \(text.utf8.count)\r\n\r\n\(text)") else { return }
            case (_, "/events"):
                guard events(count: query["count"] ?? 1, size: query["size"] ?? 100) else { return }
            case (_, "/latency"):
                guard latency(count: query["count"] ?? 100, gap: query["gap"] ?? 20) else { return }
            case (_, "/endless"):
                endless(id: query["id"] ?? 0)
                return
            case (_, "/closed"):
                let text = "\(Closes.time(of: query["id"] ?? 0))"
                guard send("HTTP/1.1 200 OK\r\nContent-Length: \(text.utf8.count)\r\n\r\n\(text)") else { return }
            case (_, "/bytes"):
                guard bytes(query["size"] ?? 0) else { return }
            default:
                guard send("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n") else { return }
            }
        }
    }

    func events(count: Int, size: Int) -> Bool {
        guard send("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n") else { return false }
        let pad = String(repeating: "x", count: max(size - 40, 0))
        var batch = ""
        for n in 0..<count {
            batch += "data: {\"n\":\(n),\"pad\":\"\(pad)\"}\n\n"
            if batch.utf8.count >= 16 * 1024 || n == count - 1 {
                guard chunk(batch) else { return false }
                batch = ""
            }
        }
        return send("0\r\n\r\n")
    }

    func latency(count: Int, gap: Int) -> Bool {
        guard send("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n") else { return false }
        for n in 0..<count {
            if n > 0 { usleep(useconds_t(gap * 1000)) }
            guard chunk("data: {\"n\":\(n),\"sent\":\(monotonicNanoseconds())}\n\n") else { return false }
        }
        return send("0\r\n\r\n")
    }

    /// Sends an event every millisecond, for a minute at most, watching the connection between
    /// events: the client sends nothing more on it during the response, so the socket turning
    /// readable means it was closed (a read of 0 bytes, or a reset).
    func endless(id: Int) {
        guard send("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n") else {
            Closes.record(id)
            return
        }
        for n in 0..<60_000 {
            var watch = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&watch, 1, 1) > 0 {
                var byte: UInt8 = 0
                if recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0 {
                    Closes.record(id)
                    return
                }
            }
            guard chunk("data: {\"n\":\(n)}\n\n") else {
                Closes.record(id)
                return
            }
        }
    }

    func bytes(_ size: Int) -> Bool {
        guard send("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(size)\r\n\r\n") else { return false }
        let block = [UInt8](repeating: 7, count: 64 * 1024)
        var left = size
        while left > 0 {
            let count = min(left, block.count)
            guard write(Array(block[..<count])) else { return false }
            left -= count
        }
        return true
    }

    func readBody(_ headers: [String: String]) -> Int {
        var received = 0
        if headers["transfer-encoding"]?.contains("chunked") == true {
            while let size = readLine().flatMap({ Int($0, radix: 16) }), size > 0 {
                received += discard(size)
                _ = readLine()
            }
            _ = readLine()
        } else {
            received = discard(Int(headers["content-length"] ?? "0") ?? 0)
        }
        return received
    }

    func discard(_ count: Int) -> Int {
        var left = count
        let taken = min(buffer.count, left)
        buffer.removeFirst(taken)
        left -= taken
        var scratch = [UInt8](repeating: 0, count: 256 * 1024)
        while left > 0 {
            let n = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, min($0.count, left), 0) }
            guard n > 0 else { break }
            left -= n
        }
        return count - left
    }

    func chunk(_ text: String) -> Bool {
        send(String(text.utf8.count, radix: 16) + "\r\n" + text + "\r\n")
    }

    func send(_ text: String) -> Bool { write(Array(text.utf8)) }

    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                var line = buffer[..<newline]
                if line.last == 13 { line = line.dropLast() }
                buffer.removeFirst(newline + 1)
                return String(decoding: line, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return nil }
            buffer += chunk[..<n]
        }
    }
}
