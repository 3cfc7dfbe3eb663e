import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import StrategyKit

/// Collects a response for ``AsyncHTTPClientTransport``: its head, its body up to the size
/// limit, and how many responses the client saw (more than one only when it followed a
/// redirect by its own rule).
///
/// With an idle limit it also ends a response whose next bytes don't come in time, failing the
/// task with `HTTPClientError.readTimeout` as AsyncHTTPClient's read timeout does. That timeout
/// cancels and schedules a timer on every read; here one timer is scheduled when the request
/// has been sent and, when it fires, is moved to the idle limit after the last read if bytes
/// came since. A response that ends within the idle limit schedules it once and cancels it once.
///
/// AsyncHTTPClient calls a delegate on the task's event loop only, and the timer runs on that
/// loop too, so the state below is only touched there.
final class ResponseCollector: HTTPClientResponseDelegate, NIOScheduledCallbackHandler, @unchecked Sendable {
    struct Collected: Sendable {
        var head: HTTPResponseHead
        var body: ByteBuffer?
        /// Responses the client received for this task, redirects it followed included.
        var responses: Int
    }

    typealias Response = Collected

    private let isHead: Bool
    private let maxBodySize: Int
    private let idleLimit: TimeAmount?

    private var head: HTTPResponseHead?
    private var body: ByteBuffer?
    private var responses = 0
    private var failure: (any Error)?
    private var lastRead = NIODeadline.uptimeNanoseconds(0)
    private var timer: NIOScheduledCallback?
    /// Set while the idle timer may still fail it; cleared at the end, which also ends the
    /// cycle between the task, its request bag and this delegate.
    private var task: HTTPClient.Task<Collected>?
    private var ended = false

    /// - Parameters:
    ///   - maxBodySize: the most bytes of body; more fails with `ResponseAccumulator.ResponseTooBigError`.
    ///   - idleLimit: the longest wait for the next bytes once the request is sent; `nil` for none.
    init(method: HTTPMethod, maxBodySize: Int, idleLimit: TimeAmount?) {
        isHead = method == .HEAD
        self.maxBodySize = maxBodySize
        self.idleLimit = idleLimit
    }

    func didSendRequest(task: HTTPClient.Task<Collected>) {
        guard let idleLimit, !ended, timer == nil else { return }
        self.task = task
        lastRead = .now()
        schedule(on: task.eventLoop, at: lastRead + idleLimit)
    }

    func didVisitURL(task: HTTPClient.Task<Collected>, _ request: HTTPClient.Request, _ head: HTTPResponseHead) {
        responses += 1
    }

    func didReceiveHead(task: HTTPClient.Task<Collected>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        if idleLimit != nil { lastRead = .now() }
        if !isHead, let length = head.headers.first(name: "Content-Length").flatMap({ Int($0) }), length > maxBodySize {
            return fail(ResponseAccumulator.ResponseTooBigError(maxBodySize: maxBodySize), on: task.eventLoop)
        }
        self.head = head
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Collected>, _ part: ByteBuffer) -> EventLoopFuture<Void> {
        if idleLimit != nil { lastRead = .now() }
        guard failure == nil else { return task.eventLoop.makeSucceededVoidFuture() }
        guard (body?.readableBytes ?? 0) + part.readableBytes <= maxBodySize else {
            return fail(ResponseAccumulator.ResponseTooBigError(maxBodySize: maxBodySize), on: task.eventLoop)
        }
        if body == nil {
            body = part
        } else {
            var part = part
            body!.writeBuffer(&part)
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveError(task: HTTPClient.Task<Collected>, _ error: any Error) {
        failure = error
        end()
    }

    func didFinishRequest(task: HTTPClient.Task<Collected>) throws -> Collected {
        end()
        if let failure { throw failure }
        guard let head else { throw TransportError(.invalidResponse, detail: "no response head") }
        let collected = Collected(head: head, body: body, responses: responses)
        body = nil
        return collected
    }

    // The idle timer.

    func handleScheduledCallback(eventLoop: some EventLoop) {
        timer = nil
        guard let idleLimit, !ended, let task else { return }
        let due = lastRead + idleLimit
        if due <= .now() {
            end()
            task.fail(reason: HTTPClientError.readTimeout)
        } else {
            schedule(on: eventLoop, at: due)
        }
    }

    private func schedule(on eventLoop: some EventLoop, at deadline: NIODeadline) {
        // Only fails on a loop that is shutting down, which fails the task itself.
        timer = try? eventLoop.scheduleCallback(at: deadline, handler: self)
    }

    private func fail(_ error: any Error, on eventLoop: any EventLoop) -> EventLoopFuture<Void> {
        failure = error
        return eventLoop.makeFailedFuture(error)
    }

    private func end() {
        ended = true
        timer?.cancel()
        timer = nil
        task = nil
    }
}
