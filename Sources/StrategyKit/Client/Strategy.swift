import Foundation

/// One endpoint of an API, written once: the request an input makes, and how a response
/// becomes a typed output or a typed failure.
///
/// Call sites never repeat the conversion chain; they hand a strategy and its input to a
/// ``StrategyClient``:
///
/// ```swift
/// let user = try await client.send(GetUser(), GetUser.Input(id: 42))
/// ```
///
/// Only ``endpoint(for:)`` has no default. A `Decodable` output is decoded from the JSON body,
/// at ``outputPath`` when one is set; a `Data` output is the body as it came, such as an image
/// or a PDF; a `Void` output ignores the body.
public protocol Strategy: Sendable {
    /// What a caller supplies for one call.
    associatedtype Input: Sendable = Void
    /// What a successful call returns.
    associatedtype Output: Sendable
    /// The error thrown for a response that ``successCheck`` rejects.
    associatedtype Failure: APIError = UnexpectedResponse

    /// The request that `input` makes.
    func endpoint(for input: Input) throws -> Endpoint

    /// Which responses are successes. The default is the failure type's
    /// (``APIError/successCheck``), which accepts status codes 200 to 299 unless the API
    /// reports failures its own way.
    var successCheck: SuccessCheck { get }

    /// Where the output sits in the JSON body, e.g. `response.items`; `nil` for the whole body.
    var outputPath: String? { get }

    /// Turns a successful response and its body into the output.
    func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> Output

    /// Which of the client's middlewares run for this strategy. The default runs them all.
    var middlewareFilter: Middleware.Filter { get }

    /// The strategy's name in logs, metrics and traces. The default is the type's name.
    static var name: String { get }

    /// The API's server this strategy is sent to instead of the client's, such as an upload
    /// host; `nil`, the default, for the client's own. It gets the API's defaults and
    /// credentials as the client's server does.
    var server: Server? { get }
}

extension Strategy {
    /// The failure type's check (``APIError/successCheck``): status codes 200 to 299 unless
    /// the API reports failures its own way.
    public var successCheck: SuccessCheck { Failure.successCheck }

    /// `nil`: the output is the whole body.
    public var outputPath: String? { nil }

    /// Runs every middleware of the client.
    public var middlewareFilter: Middleware.Filter { .all }

    /// The type's name, e.g. `GetUser`.
    public static var name: String { TypeNames.name(of: Self.self) }

    /// `nil`: the strategy is sent to the client's server.
    public var server: Server? { nil }
}

extension Strategy where Output: Decodable {
    /// Decodes the JSON body, or the value at ``outputPath`` inside it.
    public func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> Output {
        try decoder.decode(Output.self, from: body, at: outputPath)
    }
}

extension Strategy where Output == Data {
    /// The body as it came, not decoded: an image, a PDF, a CSV file.
    public func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) -> Data {
        body
    }
}

extension Strategy where Output == Void {
    /// Ignores the body.
    public func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws {}
}

/// The names of strategy types, each worked out once: `String(describing:)` of a type
/// demangles its name, which costs more than the rest of a stubbed call's bookkeeping.
enum TypeNames {
    private static let names = Locked<[ObjectIdentifier: String]>([:])

    static func name(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = names.withLock({ $0[key] }) { return name }
        let name = String(describing: type)
        names.withLock { $0[key] = name }
        return name
    }
}
