/// The names the runtime declares at its top level, public or for generated code: a model, error
/// type, strategy or interface named like one would hide it from the generated code.
/// `RuntimeNamesTests` reads them from `Sources/StrategyKit` and fails when this list drifts.
enum RuntimeNames {
    static let types: [String] = [
        "APIError",
        "ArrayStyled",
        "Authenticator",
        "BearerTokenAuthenticator",
        "CallError",
        "ClientBuilder",
        "ClientSettings",
        "DateFormat",
        "DeepObject",
        "Endpoint",
        "Indirect",
        "JSONKey",
        "JSONValue",
        "Middleware",
        "Nullable",
        "OpenEnum",
        "PaginatedStrategy",
        "Pagination",
        "ParameterValue",
        "QueryEncoding",
        "QueryValue",
        "RequestBody",
        "RequestBuildingError",
        "RetryPolicy",
        "Server",
        "Strategy",
        "StrategyClient",
        "Styled",
        "StubTransport",
        "SuccessCheck",
        "Transport",
        "TransportError",
        "URLSessionTransport",
        "UnexpectedResponse",
        "WithHeaders",
    ]

    /// The names of swift-http-types that generated code writes.
    static let httpTypes: [String] = ["HTTPFields", "HTTPRequest", "HTTPResponse"]
}
