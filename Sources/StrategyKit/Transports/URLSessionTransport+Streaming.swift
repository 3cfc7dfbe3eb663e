import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// Sends `request` as a task of a session of its own and returns the head as soon as it
    /// comes, the body following as the session receives it.
    ///
    /// A body from a file is uploaded from the file; one from an async sequence is first
    /// written to a temporary file (URLSession can't pull a body from an async sequence without
    /// holding one of its threads), then uploaded from it. Back pressure: while the reader is
    /// behind, the task is suspended, so the session stops reading the connection. On
    /// FoundationNetworking a task can't be paused without holding a queue that every session
    /// of the process shares, so there what the reader hasn't taken waits in a temporary file
    /// past the channel's high-water mark (a download's body is written into its own file as
    /// it comes); `AsyncHTTPClientTransport` reads at the reader's pace on every platform. The
    /// session's own timeout is left long: the client keeps a stream's deadlines.
    public func stream(
        _ request: HTTPRequest,
        body: ByteStream?,
        limits: StrategyClient.Limits,
        sent: (@Sendable (Int64) -> Void)?
    ) async throws -> (HTTPResponse, ByteStream) {
        try await stream(request, body: body, limits: limits, sent: sent, into: nil)
    }

    /// ``stream(_:body:limits:sent:)``, writing a successful response's body into `sink` as it
    /// comes (a download's file); the stream then carries no bytes, only a sign of life for each
    /// piece written, and ends as the body does.
    func stream(
        _ request: HTTPRequest,
        body: ByteStream?,
        limits: StrategyClient.Limits,
        sent: (@Sendable (Int64) -> Void)?,
        into sink: FileSink?
    ) async throws -> (HTTPResponse, ByteStream) {
        try TransportError.checkCancellation()
        var urlRequest = try Self.urlRequest(request)
        urlRequest.timeoutInterval = 7 * 24 * 3600
        var spooled: URL?
        var file = body?.fileURL
        if let body, body.data == nil, file == nil {
            let spool = try await Self.spool(body)
            spooled = spool
            file = spool
            if urlRequest.value(forHTTPHeaderField: "Content-Length") == nil,
               let size = (try? FileManager.default.attributesOfItem(atPath: spool.path)[.size] as? NSNumber)?.intValue {
                urlRequest.setValue(String(size), forHTTPHeaderField: "Content-Length")
            }
        }
        urlRequest.httpBody = body?.data
        let delegate = StreamingTaskDelegate(limit: limits.maximumResponseBytes, isHead: request.method == .head, sent: sent, spooled: spooled, sink: sink)
        let session = URLSession(configuration: session.configuration, delegate: delegate, delegateQueue: Self.delegateQueue())
        let task = file.map { session.uploadTask(with: urlRequest, fromFile: $0) } ?? session.dataTask(with: urlRequest)
        session.finishTasksAndInvalidate()
        return try await delegate.run(task)
    }

    /// Writes `body` into a temporary file, chunk by chunk.
    private static func spool(_ body: ByteStream) async throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("StrategyKit-upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw TransportError(.invalidResponse, detail: "no temporary file for the body")
        }
        do {
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            for try await chunk in body { try handle.write(contentsOf: chunk) }
            return url
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
    }
}

/// The delegate of one streamed task: hands its head to the caller and its body to a
/// ``ByteChannel``, pausing the task while the reader is behind.
private final class StreamingTaskDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let head = Handoff<Result<HTTPResponse, TransportError>>()
    private let limit: Int
    private let isHead: Bool
    private let sent: (@Sendable (Int64) -> Void)?
    private let spooled: URL?
    /// Where a successful response's body goes instead of the channel, if anywhere.
    private let sink: FileSink?
    /// The sink's generation for this response, once it is a success that writes there.
    private let sinkGeneration = Locked<Int?>(nil)
    private let task = Locked<URLSessionTask?>(nil)
    private let hasHead = Locked(false)
    private(set) var channel: ByteChannel!

    init(limit: Int, isHead: Bool, sent: (@Sendable (Int64) -> Void)?, spooled: URL?, sink: FileSink?) {
        self.limit = limit
        self.isHead = isHead
        self.sent = sent
        self.spooled = spooled
        self.sink = sink
        super.init()
        #if canImport(FoundationNetworking)
        // The task can't be paused here: what the reader hasn't taken waits on disk.
        let spills = true
        #else
        let spills = false
        #endif
        channel = ByteChannel(limit: limit, spills: spills, onDemand: { [weak self] in self?.resume() }, onTerminate: { [weak self] in self?.stop() })
    }

    func run(_ task: URLSessionTask) async throws -> (HTTPResponse, ByteStream) {
        self.task.withLock { $0 = task }
        let head = try await withTaskCancellationHandler {
            task.resume()
            return try await self.head.value().get()
        } onCancel: {
            self.head.offer(.failure(.cancelled))
            self.channel.terminate(.cancelled)
        }
        let length = isHead ? 0 : head.headerFields[.contentLength].flatMap { Int($0) }
        return (head, ByteStream(channel: channel, length: length))
    }

    private func resume() {
        #if !canImport(FoundationNetworking)
        task.withLock { $0 }?.resume()
        #endif
    }

    private func stop() {
        head.offer(.failure(.cancelled))
        if let task = task.withLock({ $0 }) {
            Self.cancelling.async { task.cancel() }
        }
    }

    private static let cancelling = DispatchQueue(label: "StrategyKit.URLSessionTransport.stream")

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        deliverHead(response)
        completionHandler(.allow)
    }

    private func deliverHead(_ response: URLResponse?) {
        guard let response = response as? HTTPURLResponse else { return }
        let first = hasHead.withLock { has in
            defer { has = true }
            return !has
        }
        guard first else { return }
        if !isHead, response.expectedContentLength > Int64(limit) {
            head.offer(.failure(TransportError(.responseTooLarge, detail: "Content-Length over \(limit) bytes")))
            channel.terminate(.cancelled)
            return
        }
        if let sink, (200..<300).contains(response.statusCode) {
            let generation = sink.restart()
            sinkGeneration.withLock { $0 = generation }
        }
        head.offer(.success(HTTPResponse(response)))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if let sink, let generation = sinkGeneration.withLock({ $0 }) {
            // Written here, on the session's queue, before it reads on.
            if sink.write(data, generation: generation) {
                channel.touch()
            } else {
                channel.terminate(.cancelled)
            }
            return
        }
        guard !channel.yield(data) else { return }
        #if !canImport(FoundationNetworking)
        dataTask.suspend()
        #endif
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        sent?(totalBytesSent)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
        // FoundationNetworking asks once the whole response came and would wait for a
        // credential: the head is the answer, with the body it had.
        deliverHead(task.response)
        channel.finish()
        Self.cancelling.async { completionHandler(.cancelAuthenticationChallenge, nil) }
        #else
        completionHandler(.performDefaultHandling, nil)
        #endif
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let spooled { try? FileManager.default.removeItem(at: spooled) }
        let hadHead = hasHead.withLock { $0 }
        if !hadHead {
            if let error {
                head.offer(.failure(TransportError(dataTaskError: error, beforeResponse: true)))
            } else if let response = task.response {
                deliverHead(response)
            } else {
                head.offer(.failure(TransportError(.invalidResponse, detail: "no HTTP response")))
            }
        }
        channel.finish(error.map { TransportError(dataTaskError: $0) })
        self.task.withLock { $0 = nil }
    }
}

extension HTTPResponse {
    /// The head of `response`.
    init(_ response: HTTPURLResponse) {
        var fields = HTTPFields()
        for (name, value) in response.allHeaderFields {
            let name = name.base as? String ?? "\(name)"
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value as? String ?? "\(value)")) }
        }
        self.init(status: .init(code: response.statusCode), headerFields: fields)
    }
}
