import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import StrategyKit

extension AsyncHTTPClientTransport {
    /// Sends `request` with its body written as it is read, and returns the head as soon as it
    /// comes, the body following as AsyncHTTPClient reads it.
    ///
    /// Back pressure is AsyncHTTPClient's own: the next piece of the body isn't read from the
    /// connection until the reader has caught up. No deadline of AsyncHTTPClient's runs over a
    /// stream: the client keeps a stream's deadlines. Ending the stream early cancels the
    /// request, which closes its connection.
    public func stream(
        _ request: HTTPRequest,
        body: ByteStream?,
        limits: StrategyClient.Limits,
        sent: (@Sendable (Int64) -> Void)?
    ) async throws -> (HTTPResponse, ByteStream) {
        try TransportError.checkCancellation()
        guard let url = request.url else {
            throw TransportError(.cannotConnect, detail: "the request has no URL")
        }
        if refusesClient {
            throw RedirectGuard.refused
        }
        var headers = HTTPHeaders()
        for field in request.headerFields {
            if body != nil, body?.data == nil, field.name == .contentLength || field.name == .transferEncoding { continue }
            headers.add(name: field.name.rawName, value: field.value)
        }
        let client = self.client ?? OwnClients.client(connectTimeout: limits.connectTimeout)
        let delegate = StreamingDelegate(limit: max(limits.maximumResponseBytes, 0), isHead: request.method == .head, sent: sent)
        let task: HTTPClient.Task<Void>
        do {
            let outgoing = try HTTPClient.Request(
                url: url,
                method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue),
                headers: headers,
                body: body.map { Self.requestBody($0, loop: client.eventLoopGroup.any()) }
            )
            task = client.execute(request: outgoing, delegate: delegate)
        } catch {
            throw TransportError(error)
        }
        return try await delegate.run(task)
    }

    /// A request body that writes `body`'s chunks as they are read, each after the one before
    /// it was written.
    private static func requestBody(_ body: ByteStream, loop: any EventLoop) -> HTTPClient.Body {
        if let data = body.data { return .bytes(data) }
        return .stream(contentLength: body.length.map(Int64.init)) { writer in
            let promise = loop.makePromise(of: Void.self)
            promise.completeWithTask {
                for try await chunk in body {
                    try await writer.write(.byteBuffer(ByteBuffer(data: chunk))).get()
                }
            }
            return promise.futureResult
        }
    }
}

/// Receives one streamed response for ``AsyncHTTPClientTransport``: hands its head to the
/// caller and its body to a ``ByteChannel``, holding the next read back while the reader is
/// behind.
private final class StreamingDelegate: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = Void

    private struct State {
        var task: HTTPClient.Task<Void>?
        var hasHead = false
        var sentBytes: Int64 = 0
    }

    private let state = LockedBox(State())
    private let head = HeadHandoff()
    private let limit: Int
    private let isHead: Bool
    private let sent: (@Sendable (Int64) -> Void)?
    private var channel: ByteChannel!

    init(limit: Int, isHead: Bool, sent: (@Sendable (Int64) -> Void)?) {
        self.limit = limit
        self.isHead = isHead
        self.sent = sent
        channel = ByteChannel(limit: limit, onDemand: nil, onTerminate: { [weak self] in self?.stop() })
    }

    func run(_ task: HTTPClient.Task<Void>) async throws -> (HTTPResponse, ByteStream) {
        state.withLockedValue { $0.task = task }
        let head = try await withTaskCancellationHandler {
            try await self.head.value().get()
        } onCancel: {
            self.head.offer(.failure(.cancelled))
            self.channel.terminate(.cancelled)
        }
        let length = isHead ? 0 : head.headerFields[.contentLength].flatMap { Int($0) }
        return (head, ByteStream(channel: channel, length: length))
    }

    private func stop() {
        head.offer(.failure(.cancelled))
        state.withLockedValue { $0.task }?.cancel()
    }

    func didSendRequestPart(task: HTTPClient.Task<Void>, _ part: IOData) {
        guard let sent else { return }
        let total = state.withLockedValue { state in
            state.sentBytes += Int64(part.readableBytes)
            return state.sentBytes
        }
        sent(total)
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        state.withLockedValue { $0.hasHead = true }
        if !isHead, let length = head.headers.first(name: "Content-Length").flatMap({ Int($0) }), length > limit {
            let error = TransportError(.responseTooLarge, detail: "Content-Length over \(limit) bytes")
            self.head.offer(.failure(error))
            channel.terminate(error)
            return task.eventLoop.makeFailedFuture(error)
        }
        var fields = HTTPFields()
        for (name, value) in head.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        self.head.offer(.success(HTTPResponse(status: .init(code: Int(head.status.code)), headerFields: fields)))
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        guard !channel.yield(Data(buffer: buffer)) else { return task.eventLoop.makeSucceededVoidFuture() }
        // The channel says when to read on, even when the reader caught up before this line:
        // a wake-up it gave before a promise was waiting isn't lost.
        let (promise, channel) = (task.eventLoop.makePromise(of: Void.self), channel!)
        promise.completeWithTask { await channel.demand() }
        return promise.futureResult
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        let failure = TransportError(error)
        head.offer(.failure(failure))
        channel.finish(failure)
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        head.offer(.failure(TransportError(.invalidResponse, detail: "no response head")))
        channel.finish()
        state.withLockedValue { $0.task = nil }
    }
}

/// The head of a response, handed to the one task waiting for it; the first value offered wins.
private final class HeadHandoff: Sendable {
    private let state = LockedBox<(Result<HTTPResponse, TransportError>?, CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?)>((nil, nil))

    func value() async -> Result<HTTPResponse, TransportError> {
        await withCheckedContinuation { continuation in
            let ready = state.withLockedValue { state -> Result<HTTPResponse, TransportError>? in
                if let value = state.0 { return value }
                state.1 = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    func offer(_ value: Result<HTTPResponse, TransportError>) {
        let waiter = state.withLockedValue { state -> CheckedContinuation<Result<HTTPResponse, TransportError>, Never>? in
            guard state.0 == nil else { return nil }
            state.0 = value
            defer { state.1 = nil }
            return state.1
        }
        waiter?.resume(returning: value)
    }
}

/// A value behind a lock.
private final class LockedBox<Value>: @unchecked Sendable {
    // `value` is only touched with `lock` held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLockedValue<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
