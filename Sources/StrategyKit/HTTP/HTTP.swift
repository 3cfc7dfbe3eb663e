import Foundation

/// An HTTP request method such as `GET` or `POST`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method as sent, in upper case.
    public let rawValue: String

    /// The method `rawValue`, upper-cased.
    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    /// The method written as a literal, upper-cased: `"PROPFIND"`.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// The method as sent.
    public var description: String { rawValue }

    /// `GET`
    public static let get: HTTPMethod = "GET"
    /// `POST`
    public static let post: HTTPMethod = "POST"
    /// `PUT`
    public static let put: HTTPMethod = "PUT"
    /// `PATCH`
    public static let patch: HTTPMethod = "PATCH"
    /// `DELETE`
    public static let delete: HTTPMethod = "DELETE"
    /// `HEAD`
    public static let head: HTTPMethod = "HEAD"
    /// `OPTIONS`
    public static let options: HTTPMethod = "OPTIONS"

    /// Throws ``RequestBuildingError/invalidMethod(_:)`` unless the method is a non-empty HTTP
    /// token, so no CR, LF or space can split the request line.
    public func validate() throws(RequestBuildingError) {
        guard !rawValue.isEmpty, rawValue.unicodeScalars.allSatisfy(HTTPHeaders.isTokenCharacter) else {
            throw RequestBuildingError.invalidMethod(rawValue)
        }
    }
}

/// An ordered list of header fields whose names compare case-insensitively.
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field as it is sent.
    public struct Field: Hashable, Sendable {
        /// The field's name, as written.
        public var name: String
        /// The field's value.
        public var value: String

        /// A field named `name` with `value`.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in the order they are sent.
    public private(set) var fields: [Field] = []

    /// No fields.
    public init() {}

    /// Fields in the order written: `["Accept": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name: name, value: value) }
    }

    /// Headers from parameter values, in order; `nil` values are left out.
    public init(_ values: KeyValuePairs<String, (any ParameterValue)?>) {
        for (name, value) in values {
            if let value { add(name: name, value: value.parameterValue) }
        }
    }

    /// The first value of the field named `name`; setting replaces every field of that name.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value }
        set {
            remove(name: name)
            if let newValue { add(name: name, value: newValue) }
        }
    }

    /// Appends a field, keeping any that share its name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name`.
    public mutating func remove(name: String) {
        fields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// Checks that every name is an HTTP token and no value holds CR, LF or another control
    /// character (tab aside), so no value can add a header or split the request.
    public func validate() throws(RequestBuildingError) {
        for field in fields {
            guard !field.name.isEmpty, field.name.unicodeScalars.allSatisfy(Self.isTokenCharacter) else {
                throw RequestBuildingError.invalidHeaderName(field.name)
            }
            guard field.value.unicodeScalars.allSatisfy({ $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }) else {
                throw RequestBuildingError.invalidHeaderValue(name: field.name)
            }
        }
    }

    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII, scalar.value > 0x20, scalar.value < 0x7F else { return false }
        return !"\"(),/:;<=>?@[\\]{}".unicodeScalars.contains(scalar)
    }
}

/// A request ready for a ``Transport``: an absolute URL, headers and an optional body.
public struct HTTPRequest: Hashable, Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The absolute URL, query included.
    public var url: URL
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body's bytes, if any.
    public var body: Data?
    /// The deadline in seconds for the whole exchange, from connecting to the last byte of the
    /// body; `nil` leaves the transport's default. See ``RequestLimits/timeout``.
    public var timeout: TimeInterval?
    /// Seconds to wait for a connection, and for the next bytes while none come; `nil` leaves
    /// the transport's default. See ``RequestLimits/connectTimeout``.
    public var connectTimeout: TimeInterval?
    /// The most bytes of response body read; a larger body fails with
    /// ``TransportError/Kind/responseTooLarge``. `nil` leaves the transport's default.
    public var maximumResponseBytes: Int?
    /// Names of the header fields and query items that carry credentials, in lower case, so
    /// logs show `<redacted>` in place of their values. Authenticators add the names they set.
    public var credentialNames: Set<String> = []

    /// A request of `method` to `url`.
    public init(method: HTTPMethod, url: URL, headers: HTTPHeaders = [:], body: Data? = nil, timeout: TimeInterval? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// Sets the header `name` to a credential, marking its name as one logs redact.
    public mutating func setCredential(header name: String, to value: String) {
        headers[name] = value
        credentialNames.insert(name.lowercased())
    }

    /// Checks the method and every header, so nothing can split the request on the wire.
    public func validate() throws(RequestBuildingError) {
        try method.validate()
        try headers.validate()
    }

    /// Appends a credential as the query item `name`, marking its name as one logs redact.
    public mutating func appendCredential(queryItem name: String, value: String) {
        url = url.appendingQueryItems([Endpoint.QueryItem(name: name, value: value)])
        credentialNames.insert(name.lowercased())
    }
}

/// A response as the transport received it.
public struct HTTPResponse: Hashable, Sendable {
    /// The HTTP status code, such as 200 or 404.
    public var statusCode: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body's bytes; empty when there is none.
    public var body: Data

    /// A response with `statusCode`, `headers` and `body`.
    public init(statusCode: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// A JSON response, such as a stub.
    public static func json(_ text: String, statusCode: Int = 200) -> HTTPResponse {
        HTTPResponse(statusCode: statusCode, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
}
