import AsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import StrategyKit

/// A transport backed by AsyncHTTPClient (SwiftNIO), for servers and command-line tools.
///
/// Cancelling the calling task cancels the request. AsyncHTTPClient keeps trying to connect
/// until the request's deadline, so a refused connection fails when the timeout runs out.
public struct AsyncHTTPClientTransport: Transport {
    /// The client that sends the requests; its lifecycle is the caller's.
    public let client: HTTPClient
    /// The most bytes of a response body read; a larger body fails the request.
    public var maximumResponseBytes: Int
    /// The deadline for a request without a timeout of its own.
    public var defaultTimeout: TimeInterval

    /// A transport on `client`.
    ///
    /// - Parameters:
    ///   - client: sends the requests; the process-wide shared client by default.
    ///   - maximumResponseBytes: the most bytes of a response body read.
    ///   - defaultTimeout: seconds to wait for a request without a timeout of its own.
    public init(client: HTTPClient = .shared, maximumResponseBytes: Int = 10 * 1024 * 1024, defaultTimeout: TimeInterval = 60) {
        self.client = client
        self.maximumResponseBytes = maximumResponseBytes
        self.defaultTimeout = defaultTimeout
    }

    /// Sends `request` and collects the whole response.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers {
            outgoing.headers.add(name: field.name, value: field.value)
        }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        let timeout = request.timeout ?? defaultTimeout
        let response = try await client.execute(outgoing, timeout: .milliseconds(Int64(timeout * 1000)))
        var headers = HTTPHeaders()
        for (name, value) in response.headers {
            headers.add(name: name, value: value)
        }
        let body = try await response.body.collect(upTo: maximumResponseBytes)
        return HTTPResponse(statusCode: Int(response.status.code), headers: headers, body: Data(buffer: body))
    }
}
