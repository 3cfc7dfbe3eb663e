import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import StrategyKit
import Tracing

/// A transport backed by AsyncHTTPClient (SwiftNIO), for servers and command-line tools.
///
/// By default it sends through clients of its own, shared by the process: for each connect
/// timeout one on each event loop of AsyncHTTPClient's shared group, taken in turn, sharing
/// AsyncHTTPClient's number of connections to a host between them. They never follow a
/// redirect (the client's ``StrategyClient/Limits/RedirectPolicy`` decides), don't retry a
/// refused connection (it fails at once with ``TransportError/Kind/cannotConnect``),
/// and apply ``StrategyClient/Limits/connectTimeout`` to connecting and to each wait for bytes. The
/// deadline covers the whole exchange, body included, and a body larger than the limit fails
/// with ``TransportError/Kind/responseTooLarge``. Cancelling the calling task cancels the request.
public struct AsyncHTTPClientTransport: Transport, KeepsDeadline {
    /// The client given at creation, whose configuration is the caller's; `nil` when the
    /// transport uses its own.
    public let client: HTTPClient?

    /// Whether the caller's client follows redirects by its own rule, read from its
    /// configuration once, when the transport is made (an `HTTPClient`'s configuration never
    /// changes); such a client is refused before each request is sent. `false` for the
    /// transport's own clients, and in tests of the check made after the response.
    let refusesClient: Bool

    /// A transport on `client`, or on clients of its own when `client` is `nil`.
    ///
    /// Redirects are followed by the client's rule alone (``StrategyClient/Limits/RedirectPolicy``), which takes
    /// every credential off a request before it leaves its origin. A client that follows
    /// redirects by its own rule would send API keys in headers or the query on to another
    /// origin, so `client` must be made with `redirectConfiguration: .disallow`:
    ///
    /// ```swift
    /// var configuration = HTTPClient.Configuration()
    /// configuration.redirectConfiguration = .disallow
    /// let transport = AsyncHTTPClientTransport(client: HTTPClient(configuration: configuration))
    /// ```
    ///
    /// A request on a client that follows redirects fails before anything is sent, with
    /// ``TransportError/Kind/invalidResponse`` and a detail that says so. Should a future
    /// AsyncHTTPClient hide the configuration from that check, a response the client reached by
    /// following a redirect fails the same way, though the redirected request has then gone out.
    ///
    /// - Parameter client: sends the requests; its lifecycle and configuration are the
    ///   caller's, redirects disallowed. `nil` by default: the transport's own.
    public init(client: HTTPClient? = nil) {
        self.init(client: client, checksRedirectConfiguration: true)
    }

    init(client: HTTPClient?, checksRedirectConfiguration: Bool) {
        self.client = client
        refusesClient = checksRedirectConfiguration && client.map { RedirectGuard.followsRedirects($0) == true } ?? false
    }

    /// Sends `request` and `body`, and collects the whole response within `limits`.
    ///
    /// The deadline is AsyncHTTPClient's own for the whole task, body included, kept on its
    /// event loop; the caller's task only waits for the outcome, so the call ends on time
    /// however busy Swift's cooperative pool is.
    public func send(_ request: HTTPRequest, body: Data?, limits: StrategyClient.Limits) async throws -> (HTTPResponse, Data) {
        try TransportError.checkCancellation()
        guard let url = request.url else {
            throw TransportError(.cannotConnect, detail: "the request has no URL")
        }
        if refusesClient {
            throw RedirectGuard.refused
        }
        var headers = HTTPHeaders()
        headers.reserveCapacity(request.headerFields.count)
        for field in request.headerFields {
            headers.add(name: field.name.rawName, value: field.value)
        }
        let client = self.client ?? OwnClients.client(connectTimeout: limits.connectTimeout)
        let task: HTTPClient.Task<ResponseCollector.Collected>
        do {
            let outgoing = try HTTPClient.Request(
                url: url,
                method: NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue),
                headers: headers,
                body: body.map { .bytes($0) }
            )
            // At most what a ByteBuffer holds; the client's limit is smaller by default.
            let limit = min(max(limits.maximumResponseBytes, 0), Int(UInt32.max))
            let timeout = max(limits.timeout, 0)
            // The own clients' wait for the next bytes. A deadline no later than it ends every
            // stall first, so the idle timer is left out then.
            let idleLimit = self.client == nil && limits.connectTimeout < timeout
                ? TimeAmount.milliseconds(OwnClients.milliseconds(limits.connectTimeout)) : nil
            task = client.execute(
                request: outgoing,
                delegate: ResponseCollector(method: outgoing.method, maxBodySize: limit, idleLimit: idleLimit),
                deadline: .now() + .milliseconds(Int64((timeout * 1000).rounded(.up)))
            )
        } catch {
            throw TransportError(error)
        }
        let response: ResponseCollector.Collected
        do {
            response = try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
        } catch {
            throw TransportError(error)
        }
        try RedirectGuard.check(responses: response.responses)
        var fields = HTTPFields()
        fields.reserveCapacity(response.head.headers.count)
        for (name, value) in response.head.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        let responseBody = response.body.map { Data(buffer: $0) } ?? Data()
        return (HTTPResponse(status: .init(code: Int(response.head.status.code)), headerFields: fields), responseBody)
    }
}

/// The transport's own clients, kept for the life of the process as AsyncHTTPClient's shared
/// client is: for each connect timeout, one client on each event loop of AsyncHTTPClient's
/// shared group, taken in turn.
///
/// A client on one event loop keeps every request's task on the loop of its connection.
/// AsyncHTTPClient keeps the state of a request made through `execute(request:delegate:)` on
/// the task's event loop, and the pool of a client on the whole group hands a request any idle
/// connection, on whichever loop: about every other request then hops between two threads at
/// each step of sending its body (the head sent, the body resumed, written, ended), one step
/// after the other, before the server has the whole request. Each client keeps its own pool,
/// and the clients share AsyncHTTPClient's number of connections to a host between them.
enum OwnClients {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var clients: [Int64: [HTTPClient]] = [:]
    nonisolated(unsafe) private static var turn: UInt = 0

    /// A connect timeout in whole milliseconds, at least one.
    static func milliseconds(_ timeout: TimeInterval) -> Int64 {
        max(Int64((timeout * 1000).rounded(.up)), 1)
    }

    /// The next client for `connectTimeout`. Its wait for the next bytes isn't AsyncHTTPClient's
    /// read timeout, which schedules a timer again on every read, but the transport's
    /// ``ResponseCollector``'s.
    static func client(connectTimeout: TimeInterval) -> HTTPClient {
        let milliseconds = milliseconds(connectTimeout)
        return lock.withLock {
            turn &+= 1
            if let clients = clients[milliseconds] { return clients[Int(turn % UInt(clients.count))] }
            var configuration = HTTPClient.Configuration()
            configuration.redirectConfiguration = .disallow
            configuration.timeout = .init(connect: .milliseconds(milliseconds))
            configuration.connectionPool.retryConnectionEstablishment = false
            // AsyncHTTPClient takes the process's tracer when a configuration is made, and
            // starts a span of it for every request. When that tracer does nothing, as when
            // no tracing system was bootstrapped, none is kept: the spans cost allocations
            // on every request and record nothing.
            if configuration.tracing.tracer is NoOpTracer {
                configuration.tracing.tracer = nil
            }
            // The clients share AsyncHTTPClient's number of connections to a host between
            // them, so a host has no more open than through one client on the whole group.
            let loops = Array(HTTPClient.defaultEventLoopGroup.makeIterator())
            let connections = configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit
            configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(1, (connections + loops.count - 1) / loops.count)
            let made = loops.map { HTTPClient(eventLoopGroup: $0, configuration: configuration) }
            clients[milliseconds] = made
            return made[Int(turn % UInt(made.count))]
        }
    }
}
