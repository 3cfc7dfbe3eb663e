/// An API as its spec describes it: plain values, each carrying where it was written.
///
/// The loader builds it from YAML; the validator checks it; nothing here knows about Swift code.
public struct APISpec: Hashable, Sendable {
    /// The spec file as the user named it.
    public var file: String
    public var name: Named
    public var doc: String?
    public var access: AccessLevel
    public var servers: [ServerSpec]
    public var defaults: DefaultsSpec
    public var authSchemes: [AuthSchemeSpec]
    public var models: [ModelSpec]
    public var errors: [ErrorSpec]
    public var strategies: [StrategySpec]
    public var interfaces: [InterfaceSpec]
    /// Specs whose models and error types this one uses; their code is generated from them.
    public var uses: [UsedSpec]
}

/// A name with the place it was written.
public struct Named: Hashable, Sendable, CustomStringConvertible {
    public var value: String
    public var location: SourceLocation

    public init(_ value: String, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    public var description: String { value }
}

/// Who may see the generated declarations.
public enum AccessLevel: String, CaseIterable, Hashable, Sendable {
    case `public`
    case package
    case `internal`
}

/// A named server: `production: https://api.example.com/v1`, or a URL with `{variables}`.
public struct ServerSpec: Hashable, Sendable {
    public var name: Named
    public var scheme: String
    /// The host, possibly with `{variable}` placeholders.
    public var host: String
    public var port: Int?
    /// The percent-encoded base path, possibly with `{variable}` placeholders.
    public var basePath: String
    public var doc: String?
    public var variables: [ServerVariable]
}

/// `{region}` in a server URL: a default, and optionally the values it may take. A variable an
/// imported document's URL names without declaring has no default: the caller gives it.
public struct ServerVariable: Hashable, Sendable {
    public var name: Named
    public var defaultValue: String?
    public var allowedValues: [String]
}

/// What every request of the API carries unless a strategy says otherwise.
public struct DefaultsSpec: Hashable, Sendable {
    /// Constant query items, e.g. an API version.
    public var query: [ConstantParameter] = []
    /// Constant headers.
    public var headers: [ConstantParameter] = []
    /// The auth scheme strategies use unless they name another or `none`.
    public var auth: Named?
    public var timeout: Double?
    /// Seconds to wait for a connection and for the next bytes, unless a strategy says otherwise.
    public var connectTimeout: Double?
    /// The most bytes of a response body, unless a strategy says otherwise.
    public var maxResponseBytes: Int?
    public var retry: RetrySpec?
    /// How `Date` fields without a format of their own are written.
    public var dateFormat: DateFormatSpec?
    /// How query arrays are written.
    public var arrayStyle: String?
    /// How `Bool` parameters are written, unless a parameter says otherwise.
    public var booleanFormat: BooleanFormat? = nil
}

/// `v: "5.131"`
public struct ConstantParameter: Hashable, Sendable {
    public var name: Named
    public var value: String
}

/// How a strategy or a client retries: `retry: { max: 3 }`, or `retry: none`.
public struct RetrySpec: Hashable, Sendable {
    public var maxRetries: Int
    /// Seconds before the first retry.
    public var baseDelay: Double?
    /// Methods retried besides the idempotent ones, e.g. `POST`.
    public var methods: [String]
    /// The header that carries a key made once per call and sent with every attempt of a
    /// `POST` or `PATCH`, e.g. `Idempotency-Key`.
    public var idempotencyKeyHeader: String? = nil
}

/// How a date is written in JSON or a query.
public enum DateFormatSpec: Hashable, Sendable {
    case iso8601
    case iso8601WithFractionalSeconds
    case secondsSince1970
    case millisecondsSince1970
    /// A `DateFormatter` pattern such as `yyyy-MM-dd`.
    case pattern(String)
}

/// One way to authenticate, under the name strategies refer to it by.
public struct AuthSchemeSpec: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A fixed key in a query item, a header or a cookie.
        case apiKey(place: KeyPlace, name: String)
        /// `Authorization: Bearer …`, renewed through a refresh strategy when one is named.
        case bearer(BearerSpec)
        /// `Authorization: Basic …`
        case basic
        /// A header whose value a closure provides for every request (e.g. one-time passwords).
        case header(name: String)
    }

    /// Where an API key goes.
    public enum KeyPlace: String, Hashable, Sendable {
        case query, header, cookie
    }

    public var name: Named
    public var kind: Kind
    public var doc: String?
}

/// Where a bearer token's parts are in the output of a strategy that signs in or renews it, and
/// which strategy renews it.
public struct BearerSpec: Hashable, Sendable {
    /// The strategy that trades a refresh token for a new token; `nil` when tokens aren't renewed.
    public var refresh: Named?
    public var accessToken: String = "access_token"
    public var refreshToken: String?
    /// A field holding the token's lifetime in seconds.
    public var expiresIn: String?

    public init(refresh: Named? = nil, accessToken: String = "access_token", refreshToken: String? = nil, expiresIn: String? = nil) {
        self.refresh = refresh
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresIn = expiresIn
    }
}

/// A model: a struct of fields, or an enum of values.
public struct ModelSpec: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case object([FieldSpec])
        case enumeration(EnumSpec)
        /// A value that is one of several types (OpenAPI's `oneOf`).
        case union(UnionSpec)
    }

    public var name: Named
    public var doc: String?
    public var kind: Kind
    public var deprecated: Deprecation?
    /// Object models whose fields come first in this one, in order (OpenAPI's `allOf`).
    public var allOf: [Named] = []
    /// The type of the values of the keys an object model doesn't declare, which it keeps beside
    /// its fields (OpenAPI's `additionalProperties`); `nil` when it keeps none.
    public var additionalProperties: TypeReference? = nil
    /// A value of the whole model the spec gives (OpenAPI's schema `example`), for samples and stubs.
    public var example: YAMLValue? = nil

    public var fields: [FieldSpec] {
        if case .object(let fields) = kind { fields } else { [] }
    }
}

/// A string or integer enum; decoding a value it doesn't list gives its `unknown` case.
public struct EnumSpec: Hashable, Sendable {
    public var isInteger: Bool
    public var cases: [EnumCaseSpec]
}

public struct EnumCaseSpec: Hashable, Sendable {
    /// The value on the wire.
    public var value: Named
    /// The Swift case name, when the spec sets one; otherwise derived from the value.
    public var swiftName: String?
}

/// A field of a model, or a parameter of a strategy.
public struct FieldSpec: Hashable, Sendable {
    /// The name on the wire (JSON key, query item, header, path placeholder).
    public var name: Named
    public var type: TypeReference
    public var typeLocation: SourceLocation
    /// The Swift name, when the spec sets one; otherwise derived from the wire name.
    public var swiftName: String? = nil
    public var doc: String? = nil
    /// A value used when the field is missing, as YAML wrote it.
    public var defaultValue: YAMLValue? = nil
    /// Present but possibly `null`: always encoded, `null` when `nil`.
    public var nullable = false
    /// The document lets a request send it as `null`, by its letter (a strict server's reading,
    /// stricter than `nullable`, which decoding reads as documents mean). An optional field only
    /// ever sent is then `nullable` too (`Nullable<T>`), so that a caller can send `null`; a
    /// value also received keeps `T?`. A full sample sends `null` only for such a field.
    public var nullWhenSent = false
    public var dateFormat: DateFormatSpec? = nil
    public var deprecated: Deprecation? = nil
    /// How a `Bool` parameter is written, when not as the spec's defaults say.
    public var booleanFormat: BooleanFormat? = nil
    /// A path parameter whose `/` stay separators (a file path), each part still one segment.
    public var keepsSlashes = false
    /// How this array is written in a query or a form, when not as the spec's defaults say
    /// (OpenAPI's `style` and `explode`): `repeated`, `commaSeparated` or `brackets`.
    public var arrayStyle: String? = nil
    /// How this list, object or map is written in a path, a header, a cookie or the query, or a
    /// path value prefixed (OpenAPI's `style`), when not as its place writes it by default.
    public var style: ParameterStyle? = nil
    /// Whether a styled list or object writes each value on its own (`id=a&id=b`, `x=1,y=2`);
    /// by default only a `form` one does.
    public var explode: Bool? = nil
    /// A field written as its JSON text in a form, the query or a header, when it is.
    public var jsonText: JSONTextForm? = nil
    /// Stored on the heap (`Indirect`), so a struct can hold a value of its own type through it.
    public var isIndirect = false
    /// A value the spec gives for the field (OpenAPI's `example`), for samples and stubs.
    public var example: YAMLValue? = nil
    /// A value the field's constraints allow (a format, bounds, lengths), for samples where the
    /// spec gives no example.
    public var sampleHint: YAMLValue? = nil
    /// Only ever received (OpenAPI's `readOnly`): a sample that is sent leaves it out.
    public var isReadOnly = false
    /// The media type a multipart part of this field is sent as (OpenAPI's `encoding`), when the
    /// document gives one.
    public var partContentType: String? = nil
}

/// A value from the spec itself (an example, a default), with YAML's own typing of scalars.
public indirect enum YAMLValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([YAMLValue])
    /// Keys in the order written.
    case object([String], [String: YAMLValue])
}

/// `deprecated: true`, or a message saying what to use instead.
public struct Deprecation: Hashable, Sendable {
    public var message: String?
}

/// An error enum built from responses the success check rejects.
public struct ErrorSpec: Hashable, Sendable {
    public var name: Named
    public var doc: String?
    /// A key whose presence in the body makes an HTTP 2xx response a failure.
    public var bodyKey: String?
    /// Where the error code is in the body, e.g. `error.error_code`.
    public var codePath: String?
    /// Where the error message is in the body.
    public var messagePath: String?
    /// Error code → case, in the order written.
    public var codeCases: [CodeCase]
    /// Status code → case, in the order written.
    public var statusCases: [StatusCase]
    /// Error types whose code cases (and, unless this one sets its own, `when`, `code` and
    /// `message`) this one shares: codes common to a whole API, written once.
    public var includes: [Named] = []
}

/// `invalidAccessToken: 5`
public struct CodeCase: Hashable, Sendable {
    public var caseName: Named
    /// The code as written; a number or a string.
    public var code: YAMLValue
    /// Strings the case keeps from the error body, read at key paths.
    public var payload: [StatusCase.BodyValue] = []
}

/// `404: notFound`, `404: { notFound: ErrorBody }`, `404: { notFound: { message: error.text } }`,
/// `5XX: serverError`, `default: { other: ErrorBody }`
public struct StatusCase: Hashable, Sendable {
    /// Which responses a case takes: exact statuses first, then ranges, then `default`.
    public enum Status: Hashable, Sendable, CustomStringConvertible {
        /// `404`
        case code(Int)
        /// `4XX`: every status of that hundred, by its first digit.
        case range(Int)
        /// `default`: any other rejected response whose body decodes as the case's payload.
        case other

        /// Exact statuses in order, then ranges, then `default`.
        public var order: Int {
            switch self {
            case .code(let code): code
            case .range(let digit): 1000 + digit
            case .other: 2000
            }
        }

        /// As the spec writes it: `404`, `4XX`, `default`.
        public var description: String {
            switch self {
            case .code(let code): String(code)
            case .range(let digit): "\(digit)XX"
            case .other: "default"
            }
        }
    }

    public enum Payload: Hashable, Sendable {
        case none
        /// The body decoded as this type.
        case body(TypeReference)
        /// Strings read from the body at key paths.
        case values([BodyValue])
    }

    /// `message: error.text`: a string named `message`, read at `error.text`.
    public struct BodyValue: Hashable, Sendable {
        public var name: String
        public var path: String
    }

    public var status: Status
    public var caseName: Named
    public var payload: Payload
    /// A header the response must have, with this value, for this case to match, e.g.
    /// `X-RateLimit-Remaining: 0` to tell a rate limit from another 403.
    public var header: HeaderCondition? = nil
    /// Whether the case also keeps the body as it came (`body: Data`), for a status whose
    /// bodies differ from one operation to another, so none is lost.
    public var keepsBody: Bool = false

    /// The exact status the case takes; `nil` for a range or `default`.
    public var statusCode: Int? {
        if case .code(let code) = status { code } else { nil }
    }
}

/// `{ X-RateLimit-Remaining: "0" }`: a response header and the value it must have.
public struct HeaderCondition: Hashable, Sendable {
    public var name: Named
    public var value: String
}

/// One endpoint: the request it makes and what it returns.
public struct StrategySpec: Hashable, Sendable {
    public var name: Named
    public var doc: String?
    public var method: String
    public var path: Named
    public var pathParameters: [FieldSpec]
    public var query: [FieldSpec]
    /// Headers whose values the caller supplies.
    public var headers: [FieldSpec]
    public var body: BodySpec?
    /// What the output is; `nil` when the strategy returns nothing.
    public var returns: ReturnSpec?
    /// Where the output is in the body, e.g. `response.items`.
    public var unwrap: Named?
    /// The error type's name; `nil` when the strategy declares none.
    public var errorType: Named?
    /// Status codes that count as success, when not 200 to 299.
    public var successStatus: ClosedRange<Int>?
    public var auth: AuthUse
    public var timeout: Double?
    /// Seconds to wait for a connection and for the next bytes; `nil` keeps the default.
    public var connectTimeout: Double?
    /// The most bytes of a response body; `nil` keeps the default.
    public var maxResponseBytes: Int?
    public var retry: RetrySpec?
    /// Client middlewares (by name) this strategy skips.
    public var excludedMiddlewares: [String]
    /// A response body for stubs and previews.
    public var example: YAMLValue?
    public var deprecated: Deprecation?
    /// A bearer scheme whose token this strategy's output is (a login): the client keeps it.
    public var signsIn: Named?
    /// Where `example` is written.
    public var exampleLocation: SourceLocation? = nil
    /// Query items sent with every call, not inputs: `extended: { const: 1 }`.
    public var constantQuery: [ConstantParameter] = []
    /// Headers sent with every call, not inputs.
    public var constantHeaders: [ConstantParameter] = []
    /// Cookies whose values the caller supplies, sent in one `Cookie` header.
    public var cookies: [FieldSpec] = []
    /// Cookies sent with every call, not inputs.
    public var constantCookies: [ConstantParameter] = []
    /// Response headers the strategy reads and returns beside its output (OpenAPI's response
    /// `headers`), by their names on the wire.
    public var responseHeaders: [FieldSpec] = []
    /// The API's server this strategy is sent to instead of the client's (OpenAPI's
    /// per-operation `servers`), such as an upload host.
    public var server: ServerSpec? = nil
    /// How the strategy's pages follow each other, when its output is one page of a list.
    public var pagination: PaginationSpec? = nil
    /// The elements its successful response streams, when it streams them; its output is then
    /// the whole body as it came.
    public var stream: StreamSpec? = nil

    /// The path parameter whose value is the whole URL (`POST: "{upload_url}"`), if any: the
    /// request goes to that absolute URL, such as one an earlier response returned.
    public var urlParameter: FieldSpec? {
        let parts = PathTemplate(path.value).parts
        guard parts.count == 1, case .placeholder(let name)? = parts.first else { return nil }
        return pathParameters.first { $0.name.value == name }
    }
}

/// Which auth scheme a strategy uses.
public enum AuthUse: Hashable, Sendable {
    /// The spec's default (`defaults.auth`), if any.
    case inherited
    case none
    case scheme(Named)
    /// Any one of these alternatives, each a list of schemes sent together: a request sends the
    /// first alternative whose credentials the caller gave, in this order. An empty alternative
    /// sends none, when the caller gave no credentials another one needs.
    case anyOf([[Named]])
}

/// A request body.
public enum BodySpec: Hashable, Sendable {
    /// A model, array or other type, as JSON.
    case json(TypeReference, SourceLocation)
    /// A JSON object of these fields.
    case jsonFields([FieldSpec])
    /// `application/x-www-form-urlencoded`.
    case form([FieldSpec])
    /// `multipart/form-data`; fields of type `File` are files.
    case multipart([FieldSpec])
    /// Raw bytes of this content type.
    case raw(contentType: String)

    public var fields: [FieldSpec] {
        switch self {
        case .jsonFields(let fields), .form(let fields), .multipart(let fields): fields
        case .json, .raw: []
        }
    }
}

/// What a strategy returns.
public enum ReturnSpec: Hashable, Sendable {
    case type(TypeReference, SourceLocation)
    /// An object of these fields, generated as the strategy's own `Output` struct.
    case fields([FieldSpec])
}

/// A role protocol: the strategies one kind of caller needs.
public struct InterfaceSpec: Hashable, Sendable {
    public var name: Named
    public var doc: String?
    public var strategies: [Named]
}

/// Another spec file this one refers to, with the names it defines.
public struct UsedSpec: Hashable, Sendable {
    public var path: Named
    public var models: [ModelSpec]
    public var errors: [ErrorSpec]
}

/// How a field is written as JSON text where values are otherwise written as text.
public enum JSONTextForm: Hashable, Sendable {
    /// A text per element of a list (`address={"city":"Paris"}`), as OpenAPI sends an object
    /// in a form whose encoding names no style.
    case eachElement
    /// The whole value, a list included, as OpenAPI sends a parameter whose `content` is JSON.
    case whole
}

extension [FieldSpec] {
    /// The fields of a value only ever sent: without those the API only returns (`readOnly`),
    /// and each optional one the document lets be `null` able to send it (`Nullable<T>`).
    public var asSent: [FieldSpec] {
        filter { !$0.isReadOnly }.map { field in
            var field = field
            if field.nullWhenSent, field.type.isOptional { field.nullable = true }
            return field
        }
    }
}
