import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import StrategyKit

/// A transport backed by AsyncHTTPClient (SwiftNIO), for servers and command-line tools.
///
/// By default it sends through clients of its own, one per connect timeout, shared by the
/// process: they never follow a redirect (the client's ``RedirectPolicy`` decides), don't
/// retry a refused connection (it fails at once with ``TransportError/Kind/cannotConnect``),
/// and apply ``HTTPRequest/connectTimeout`` to connecting and to each wait for bytes. The
/// deadline covers the whole exchange, body included, and a body larger than the limit fails
/// with ``TransportError/Kind/responseTooLarge``. Cancelling the calling task cancels the request.
public struct AsyncHTTPClientTransport: Transport {
    /// The client given at creation, whose configuration is the caller's; `nil` when the
    /// transport uses its own.
    public let client: HTTPClient?
    /// The most bytes of a response body read when a request doesn't say.
    public var maximumResponseBytes: Int
    /// The deadline for a request without a timeout of its own, in seconds.
    public var defaultTimeout: TimeInterval
    /// The connect (and idle) timeout for a request without one of its own, in seconds.
    public var defaultConnectTimeout: TimeInterval

    /// A transport on `client`, or on clients of its own when `client` is `nil`.
    ///
    /// - Parameters:
    ///   - client: sends the requests; its lifecycle and configuration are the caller's, and it
    ///     should be made with `redirectConfiguration: .disallow`, or it follows redirects
    ///     (and carries their headers) by its own rule. `nil` by default: the transport's own.
    ///   - maximumResponseBytes: the most bytes of a response body read when a request doesn't say.
    ///   - defaultTimeout: the deadline in seconds when a request doesn't say.
    ///   - defaultConnectTimeout: the connect (and idle) timeout when a request doesn't say.
    public init(
        client: HTTPClient? = nil,
        maximumResponseBytes: Int = RequestLimits.default.maximumResponseBytes,
        defaultTimeout: TimeInterval = RequestLimits.default.timeout,
        defaultConnectTimeout: TimeInterval = RequestLimits.default.connectTimeout
    ) {
        self.client = client
        self.maximumResponseBytes = maximumResponseBytes
        self.defaultTimeout = defaultTimeout
        self.defaultConnectTimeout = defaultConnectTimeout
    }

    /// Sends `request` and collects the whole response within its deadline.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try request.validate()
        try TransportError.checkCancellation()
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers {
            outgoing.headers.add(name: field.name, value: field.value)
        }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        let timeout = request.timeout ?? defaultTimeout
        let limit = request.maximumResponseBytes ?? maximumResponseBytes
        let client = self.client ?? OwnClients.client(connectTimeout: request.connectTimeout ?? defaultConnectTimeout)
        return try await withDeadline(seconds: timeout) { [outgoing] in
            do {
                return try await Self.exchange(outgoing, on: client, timeout: timeout, limit: limit)
            } catch {
                throw TransportError(error)
            }
        }
    }

    private static func exchange(_ request: HTTPClientRequest, on client: HTTPClient, timeout: TimeInterval, limit: Int) async throws -> HTTPResponse {
        let response = try await client.execute(request, timeout: .milliseconds(Int64((timeout * 1000).rounded(.up))))
        if request.method != .HEAD, let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
            throw TransportError(.responseTooLarge, detail: "Content-Length over \(limit) bytes")
        }
        var headers = HTTPHeaders()
        for (name, value) in response.headers {
            headers.add(name: name, value: value)
        }
        let body = try await response.body.collect(upTo: limit)
        return HTTPResponse(statusCode: Int(response.status.code), headers: headers, body: Data(buffer: body))
    }
}

/// The transport's own clients, one per connect timeout, kept for the life of the process as
/// AsyncHTTPClient's shared client is.
private enum OwnClients {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var clients: [Int64: HTTPClient] = [:]

    static func client(connectTimeout: TimeInterval) -> HTTPClient {
        let milliseconds = max(Int64((connectTimeout * 1000).rounded(.up)), 1)
        return lock.withLock {
            if let client = clients[milliseconds] { return client }
            var configuration = HTTPClient.Configuration()
            configuration.redirectConfiguration = .disallow
            configuration.timeout = .init(connect: .milliseconds(milliseconds), read: .milliseconds(milliseconds))
            configuration.connectionPool.retryConnectionEstablishment = false
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            clients[milliseconds] = client
            return client
        }
    }
}
