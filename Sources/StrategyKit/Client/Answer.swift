import Foundation

extension StrategyClient {
    /// A call's output together with the response behind it: its status, every header, the
    /// request id, the body as it came, the request that was sent, and how long it took.
    ///
    /// ``StrategyClient/callWithResponse(_:_:)`` and
    /// ``StrategyClient/uploadWithResponse(_:_:body:limits:progress:)`` return one, and
    /// ``StrategyClient/PageSequence/answers`` one per page. The output stays the strategy's
    /// own type; what came with it sits beside it, for a log line, a support ticket that quotes
    /// the request id, or a header the strategy doesn't read:
    ///
    /// ```swift
    /// let answer = try await client.callWithResponse(GetUser(), GetUser.Input(id: 42))
    /// show(answer.output)
    /// log("\(answer.status.code) in \(answer.duration), request \(answer.requestID ?? "-")")
    /// ```
    public struct Answer<Output: Sendable>: Sendable {
        /// What the strategy made of the response.
        public var output: Output
        /// The response's status and header fields, as they came.
        public var response: HTTPResponse
        /// The response body's bytes as they came, before decoding.
        public var body: Data
        /// The request as the client built it, before the middlewares; for a next page, its link.
        public var request: HTTPRequest
        /// From handing the request to the middlewares to the last byte of the response body,
        /// retries and redirects included; decoding is not counted.
        public var duration: Duration
        /// The header looked up first for ``requestID``, when the call names one.
        var requestIDHeader: String?

        init(output: Output, response: HTTPResponse, body: Data, request: HTTPRequest, duration: Duration = .zero, requestIDHeader: String? = nil) {
            self.output = output
            self.response = response
            self.body = body
            self.request = request
            self.duration = duration
            self.requestIDHeader = requestIDHeader
        }

        /// The response's status.
        public var status: HTTPResponse.Status { response.status }

        /// Every header field of the response, in order.
        public var headerFields: HTTPFields { response.headerFields }

        /// The id the server gave the request, to quote when reporting a problem: the header the
        /// call names (``CallOptions/requestIDHeader``) or the endpoint does
        /// (``Endpoint/requestIDHeader``), else the first of ``CallOptions/commonRequestIDHeaders``
        /// the response has.
        public var requestID: String? {
            response.requestID(preferring: requestIDHeader)
        }
    }

    /// Sends the request `strategy` makes for `input` and returns its output with the response
    /// it came from, throwing what ``call(_:_:)`` throws.
    ///
    /// ```swift
    /// let answer = try await client.callWithResponse(GetUser(), GetUser.Input(id: 42))
    /// print(answer.output.name, answer.status.code, answer.requestID ?? "no request id")
    /// ```
    ///
    /// A separate method rather than a property of every output: a plain ``call(_:_:)`` keeps
    /// returning the output alone, and hands nothing more to a caller that doesn't ask.
    public func callWithResponse<S: Strategy>(_ strategy: S, _ input: S.Input) async throws(CallError<S.Failure>) -> Answer<S.Output> {
        try await page(strategy, input)
    }

    /// Sends a strategy that takes no input and returns its output with its response.
    public func callWithResponse<S: Strategy>(_ strategy: S) async throws(CallError<S.Failure>) -> Answer<S.Output> where S.Input == Void {
        try await page(strategy, ())
    }
}

extension StrategyClient.CallOptions {
    /// The headers a request id is read from when neither the call nor the endpoint names one,
    /// in order: those of the common servers, proxies and clouds (`X-Request-Id`, `Request-Id`,
    /// AWS's, Azure's, GitHub's, `X-Correlation-Id`, Cloudflare's `CF-Ray`).
    public static let commonRequestIDHeaders: [HTTPField.Name] = [
        "x-request-id", "request-id", "x-amzn-requestid", "x-amz-request-id", "x-ms-request-id",
        "x-github-request-id", "x-correlation-id", "cf-ray",
    ].compactMap { HTTPField.Name($0) }
}

extension HTTPResponse {
    /// The id the server gave the request: the value of the header `name` when given and
    /// present, else of the first of `StrategyClient.CallOptions.commonRequestIDHeaders` the
    /// response has; `nil` when none is.
    public func requestID(preferring name: String? = nil) -> String? {
        if let name, let field = HTTPField.Name(name), let value = headerFields[field] { return value }
        for field in StrategyClient.CallOptions.commonRequestIDHeaders {
            if let value = headerFields[field] { return value }
        }
        return nil
    }
}
