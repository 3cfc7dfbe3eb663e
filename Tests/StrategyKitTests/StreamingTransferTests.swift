import Foundation
import StrategyKit
import StrategyKitAsyncHTTPClient
import TestServer
import Testing

/// Uploads from files and sequences, downloads into files, progress and the size limit,
/// through each real transport.
@Suite struct StreamingTransferTests {
    typealias Kind = TransportConformanceTests.Kind

    static let payload = Data((0..<(3 * 1024 * 1024 + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })

    static func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("StreamingTransferTests-\(UUID().uuidString)-\(name)")
    }

    /// A server that answers each upload with the number of bytes it received, and each
    /// download with the payload, its length announced.
    static func server(dropAfter: Int? = nil) throws -> (StreamServer, Protected<[Data]>) {
        let received = Protected<[Data]>([])
        let server = try StreamServer { connection in
            if connection.method == "PUT" {
                received.withLock { $0.append(connection.body) }
                let text = "\(connection.body.count)"
                connection.sendHead(headers: [("Content-Type", "text/plain"), ("Content-Length", "\(text.utf8.count)")])
                connection.sendRaw(Data(text.utf8))
                return
            }
            connection.sendHead(headers: [("Content-Type", "application/octet-stream"), ("Content-Length", "\(payload.count)")])
            var offset = 0
            while offset < payload.count {
                let end = min(offset + 64 * 1024, payload.count)
                if let dropAfter, end > dropAfter {
                    connection.sendRaw(payload[offset..<dropAfter])
                    usleep(50_000)
                    return
                }
                guard connection.sendRaw(payload[offset..<end]) else { return }
                offset = end
            }
        }
        return (server, received)
    }

    @Test(arguments: Kind.allCases)
    func anUploadFromAFileArrivesWholeWithProgress(kind: Kind) async throws {
        let (server, received) = try Self.server()
        let file = Self.temporaryFile("upload")
        try Self.payload.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let reports = Protected<[TransferProgress]>([])
        let answer = try await StreamingTests.client(server, kind).upload(Transfer(method: .put, path: "/upload"), (), body: .file(file)) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(String(decoding: answer, as: UTF8.self) == "\(Self.payload.count)")
        #expect(received.withLock { $0 } == [Self.payload])
        let counts = reports.withLock { $0 }.map(\.completed)
        #expect(counts == counts.sorted())
        #expect(counts.last == Int64(Self.payload.count))
        #expect(reports.withLock { $0 }.last?.total == Int64(Self.payload.count))
    }

    @Test(arguments: Kind.allCases)
    func anUploadFromAnAsyncSequenceArrivesWhole(kind: Kind) async throws {
        let (server, received) = try Self.server()
        let pieces = stride(from: 0, to: Self.payload.count, by: 100_000).map { Self.payload[$0..<min($0 + 100_000, Self.payload.count)] }
        let (chunks, continuation) = AsyncStream<Data>.makeStream()
        Task {
            for piece in pieces {
                continuation.yield(Data(piece))
                try? await Task.sleep(for: .milliseconds(1))
            }
            continuation.finish()
        }
        let answer = try await StreamingTests.client(server, kind).upload(Transfer(method: .put, path: "/upload"), (), body: StreamedBody(ByteStream(chunks)))
        #expect(String(decoding: answer, as: UTF8.self) == "\(Self.payload.count)")
        #expect(received.withLock { $0 } == [Self.payload])
    }

    @Test(arguments: Kind.allCases)
    func aStreamedMultipartPartArrivesWhole(kind: Kind) async throws {
        let (server, received) = try Self.server()
        let file = Self.temporaryFile("part.bin")
        try Self.payload.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let body = StreamedBody.multipart([.init(.field("title", "clip")), .file("video", file, filename: "clip.bin")], boundary: "B")
        _ = try await StreamingTests.client(server, kind).upload(Transfer(method: .put, path: "/upload"), (), body: body)
        let expected = Data("--B\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nclip\r\n--B\r\nContent-Disposition: form-data; name=\"video\"; filename=\"clip.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
            + Self.payload + Data("\r\n--B--\r\n".utf8)
        #expect(received.withLock { $0 } == [expected])
    }

    @Test(arguments: Kind.allCases)
    func aDownloadLandsWholeInItsFileWithProgress(kind: Kind) async throws {
        let (server, _) = try Self.server()
        let file = Self.temporaryFile("download")
        try Data("old".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let reports = Protected<[TransferProgress]>([])
        try await StreamingTests.client(server, kind).download(Transfer(method: .get, path: "/file"), (), to: file) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(try Data(contentsOf: file) == Self.payload)
        let counts = reports.withLock { $0 }.map(\.completed)
        #expect(counts == counts.sorted())
        #expect(counts.last == Int64(Self.payload.count))
        #expect(reports.withLock { $0 }.allSatisfy { $0.total == Int64(Self.payload.count) })
        #expect(Self.leftovers(beside: file).isEmpty)
    }

    @Test(arguments: Kind.allCases)
    func aFailedDownloadLeavesNoFile(kind: Kind) async throws {
        let (server, _) = try Self.server(dropAfter: 1024 * 1024)
        let file = Self.temporaryFile("dropped")
        await #expect(throws: CallError<UnexpectedResponse>.self) {
            try await StreamingTests.client(server, kind).download(Transfer(method: .get, path: "/file"), (), to: file)
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(Self.leftovers(beside: file).isEmpty)
    }

    @Test(arguments: Kind.allCases)
    func theSizeLimitAppliesToAStreamedDownload(kind: Kind) async throws {
        let (server, _) = try Self.server()
        let file = Self.temporaryFile("too-large")
        do {
            try await StreamingTests.client(server, kind).download(Transfer(method: .get, path: "/file"), (), to: file, limits: StreamLimits(maximumBytes: 1024 * 1024))
            Issue.record("the download should fail")
        } catch {
            guard case .transport(let failure) = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(failure.kind == .responseTooLarge)
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    /// A body that stops coming ends the download at the silence deadline, whether the bytes
    /// reach the client's loop or the transport writes them into the file itself. Timed, so it
    /// runs with the streams' deadline tests, on their own (``StreamingTests/deadlinesAlone``).
    @Test(.enabled(if: StreamingTests.deadlinesAlone), arguments: Kind.allCases)
    func aDownloadThatFallsSilentEndsAtTheDeadlineAndLeavesNoFile(kind: Kind) async throws {
        let server = try StreamServer { connection in
            connection.sendHead(headers: [("Content-Type", "application/octet-stream"), ("Content-Length", "\(Self.payload.count)")])
            connection.sendRaw(Self.payload.prefix(1024 * 1024))
            usleep(3_000_000)
        }
        let file = Self.temporaryFile("silent")
        let started = ContinuousClock.now
        do {
            try await StreamingTests.client(server, kind).download(Transfer(method: .get, path: "/file"), (), to: file, limits: StreamLimits(silence: 0.3))
            Issue.record("the download should fail")
        } catch {
            guard case .transport(let failure) = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(failure.kind == .timedOut)
        }
        #expect(started.duration(to: .now) < .seconds(2))
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(Self.leftovers(beside: file).isEmpty)
    }

    /// A body that keeps coming, each piece within the silence deadline, downloads whole however
    /// long it takes in all, and its progress counts the pieces as they come. Timed, so it runs
    /// with the streams' deadline tests, on their own.
    @Test(.enabled(if: StreamingTests.deadlinesAlone), arguments: Kind.allCases)
    func aSlowDownloadThatKeepsComingOutlastsTheSilenceDeadline(kind: Kind) async throws {
        let pieces = 8, piece = 64 * 1024
        let server = try StreamServer { connection in
            connection.sendHead(headers: [("Content-Type", "application/octet-stream"), ("Content-Length", "\(pieces * piece)")])
            for index in 0..<pieces {
                guard connection.sendRaw(Self.payload[(index * piece)..<((index + 1) * piece)]) else { return }
                usleep(150_000)
            }
        }
        let file = Self.temporaryFile("slow")
        defer { try? FileManager.default.removeItem(at: file) }
        let reports = Protected<[Int64]>([])
        try await StreamingTests.client(server, kind).download(Transfer(method: .get, path: "/file"), (), to: file, limits: StreamLimits(silence: 0.5)) {
            progress in reports.withLock { $0.append(progress.completed) }
        }
        #expect(try Data(contentsOf: file) == Self.payload.prefix(pieces * piece))
        // A report for each piece as it came, not only at the end.
        #expect(Set(reports.withLock { $0 }).count > pieces / 2)
    }

    /// Temporary files of a download to `file` still beside it.
    static func leftovers(beside file: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)) ?? []
        return names.filter { $0.hasPrefix(".\(file.lastPathComponent).") }
    }
}

/// Streams played back by the stub transport, and the parsing of records split anywhere.
@Suite struct StreamingStubTests {
    @Test func theStubPlaysEventsBackWithTheirDelays() async throws {
        let stub = StubTransport([
            .serverSentEvents(.get, "/events", events: [
                (.zero, ServerSentEvent(data: #"{"n":1}"#)),
                (.milliseconds(200), ServerSentEvent(data: #"{"n":2}"#)),
                (.zero, ServerSentEvent(data: "[DONE]")),
            ]),
        ])
        let client = StrategyClient(server: Server(host: "api.example.com"), transport: stub)
        let clock = ContinuousClock()
        let started = clock.now
        var arrivals: [(Int, ContinuousClock.Instant)] = []
        for try await tick in client.stream(TickStream(path: "/events"), ()) { arrivals.append((tick.n, clock.now)) }
        #expect(arrivals.map(\.0) == [1, 2])
        // The second event waits for its delay.
        #expect(started.duration(to: arrivals[1].1) >= .milliseconds(200))
        #expect(stub.requests.first?.request.headerFields[.accept] == "text/event-stream")
    }

    @Test func recordsSplitAtAnyByteAreReadTheSame() async throws {
        let text = "\u{FEFF}: hello\r\nevent: a\rdata: x\r\ndata:y\n\nid: 1\ndata: {\"n\":2}\r\n\r\n"
        for split in 0...text.utf8.count {
            let bytes = Array(text.utf8)
            let stub = StubTransport([
                StubTransport.Route(.get, "/raw", response: HTTPResponse(status: .ok), chunks: [
                    .init(Data(bytes[..<split])), .init(Data(bytes[split...])),
                ]),
            ])
            struct Raw: StreamingStrategy {
                typealias Output = Data
                func endpoint(for input: Void) -> Endpoint { Endpoint(.get, "/raw") }
                var streamFormat: StreamFormat<ServerSentEvent> { .serverSentEvents() }
            }
            var events: [ServerSentEvent] = []
            for try await event in StrategyClient(server: Server(host: "h"), transport: stub).stream(Raw(), ()) { events.append(event) }
            #expect(events == [ServerSentEvent(event: "a", data: "x\ny"), ServerSentEvent(data: #"{"n":2}"#, id: "1")], "split at \(split)")
        }
    }

    @Test func aStreamThroughABufferingTransportStillReadsEveryElement() async throws {
        /// A transport of a third party's, which only sends whole bodies.
        struct Buffering: Transport {
            func send(_ request: HTTPRequest, body: Data?, limits: StrategyClient.Limits) async throws -> (HTTPResponse, Data) {
                (HTTPResponse(status: .ok), Data("{\"n\":1}\n{\"n\":2}\n".utf8))
            }
        }
        var ticks: [Int] = []
        let client = StrategyClient(server: Server(host: "h"), transport: Buffering())
        for try await tick in client.stream(TickStream(path: "/lines", format: .jsonLines(of: Tick.self)), ()) { ticks.append(tick.n) }
        #expect(ticks == [1, 2])
    }
}
