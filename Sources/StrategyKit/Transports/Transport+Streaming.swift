import Foundation

extension Transport {
    /// Sends through ``send(_:body:limits:)``: the request body is read into memory first, and
    /// the response's body comes whole, as a stream of one chunk.
    public func stream(
        _ request: HTTPRequest,
        body: ByteStream?,
        limits: StrategyClient.Limits,
        sent: (@Sendable (Int64) -> Void)?
    ) async throws -> (HTTPResponse, ByteStream) {
        let data = try await body?.collect(upTo: .max)
        let (response, responseBody) = try await send(request, body: data, limits: limits)
        if let data { sent?(Int64(data.count)) }
        return (response, ByteStream(responseBody))
    }
}
