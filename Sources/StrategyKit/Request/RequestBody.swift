import Foundation

/// A request body with its content type, held as bytes so a request can be replayed.
public struct RequestBody: Hashable, Sendable {
    /// The body's bytes.
    public var data: Data
    /// The `Content-Type` the body is sent with.
    public var contentType: String

    /// A body of `data`, sent as `contentType`.
    public init(data: Data, contentType: String) {
        self.data = data
        self.contentType = contentType
    }

    /// Raw bytes.
    public static func data(_ data: Data, contentType: String = "application/octet-stream") -> RequestBody {
        RequestBody(data: data, contentType: contentType)
    }

    /// `value` encoded as JSON, the keys of every object in sorted order, so the same value
    /// always sends the same bytes (a signature, a cache or a test can rely on them), and every
    /// `UUID` in lower case, as RFC 9562 writes UUIDs and servers compare them.
    ///
    /// The encoder's strategies (dates, data, keys, non-conforming floats) and output
    /// formatting apply, with `.sortedKeys` added; the encoder given isn't changed.
    public static func json(_ value: some Encodable, encoder: JSONEncoder = RequestBody.jsonEncoder) throws -> RequestBody {
        RequestBody(data: try sortingKeys(encoder).encode(LowercaseUUIDEncoder.wrapped(value)), contentType: "application/json")
    }

    /// The encoder of ``json(_:encoder:)`` when none is given: Foundation's defaults with
    /// `.sortedKeys`, made once and shared (an encoder that isn't changed can encode on many
    /// threads at once), where a new encoder and its sorting copy cost allocations on every call.
    @usableFromInline
    static let jsonEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    /// `encoder`, or a copy of it that sorts keys when it doesn't.
    private static func sortingKeys(_ encoder: JSONEncoder) -> JSONEncoder {
        guard !encoder.outputFormatting.contains(.sortedKeys) else { return encoder }
        let sorting = JSONEncoder()
        sorting.outputFormatting = encoder.outputFormatting.union(.sortedKeys)
        sorting.dateEncodingStrategy = encoder.dateEncodingStrategy
        sorting.dataEncodingStrategy = encoder.dataEncodingStrategy
        sorting.nonConformingFloatEncodingStrategy = encoder.nonConformingFloatEncodingStrategy
        sorting.keyEncodingStrategy = encoder.keyEncodingStrategy
        sorting.userInfo = encoder.userInfo
        return sorting
    }

    /// An `application/x-www-form-urlencoded` body of each value's text (a `Double` in plain
    /// decimal, `0.00001` rather than `1e-05`); `nil` values are left out.
    public static func form(_ fields: KeyValuePairs<String, (any LosslessStringConvertible)?>) -> RequestBody {
        form(fields.compactMap { name, value in value.map { Endpoint.QueryItem(name: name, value: ParameterText.of($0)) } })
    }

    /// An `application/x-www-form-urlencoded` body of values written as generated code asks;
    /// `nil` values are left out.
    @_spi(Generated) @_disfavoredOverload
    public static func form(_ fields: KeyValuePairs<String, (any QueryValue)?>, encoding: QueryEncoding = QueryEncoding()) -> RequestBody {
        form(fields.flatMap { name, value in value?.queryItems(named: name, encoding: encoding) ?? [] })
    }

    private static func form(_ items: [Endpoint.QueryItem]) -> RequestBody {
        let text = items.map { "\(PercentEncoding.component($0.name))=\(PercentEncoding.component($0.value))" }
            .joined(separator: "&")
        return RequestBody(data: Data(text.utf8), contentType: "application/x-www-form-urlencoded")
    }

    /// A `multipart/form-data` body of the parts that are not `nil`, e.g. optional fields.
    public static func multipart(_ parts: [Part?], boundary: String = "StrategyKit-\(UUID().uuidString)") -> RequestBody {
        multipart(parts.compactMap { $0 }, boundary: boundary)
    }

    /// A `multipart/form-data` body of `parts`, separated by `boundary`.
    public static func multipart(_ parts: [Part], boundary: String = "StrategyKit-\(UUID().uuidString)") -> RequestBody {
        var data = Data()
        for part in parts {
            data.append("--\(boundary)\r\n")
            var disposition = "form-data; name=\"\(Part.quoted(part.name))\""
            if let filename = part.filename {
                disposition += "; filename=\"\(Part.quoted(filename))\""
            }
            data.append("Content-Disposition: \(disposition)\r\n")
            if let contentType = part.contentType {
                data.append("Content-Type: \(contentType)\r\n")
            }
            data.append("\r\n")
            data.append(part.data)
            data.append("\r\n")
        }
        data.append("--\(boundary)--\r\n")
        return RequestBody(data: data, contentType: "multipart/form-data; boundary=\(boundary)")
    }
}

extension RequestBody {
    /// One part of a `multipart/form-data` body: a field, or a file with a file name and content type.
    public struct Part: Hashable, Sendable {
        /// The form field's name.
        public var name: String
        /// The file's name, for a file.
        public var filename: String?
        /// The part's `Content-Type`, if it has one.
        public var contentType: String?
        /// The part's bytes.
        public var data: Data

        /// A part named `name`; a file when it has a `filename`.
        public init(name: String, filename: String? = nil, contentType: String? = nil, data: Data) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.data = data
        }

        /// A text field of `value`'s text; a `Double` in plain decimal, as in a form.
        public static func field(_ name: String, _ value: some LosslessStringConvertible) -> Part {
            Part(name: name, data: Data(ParameterText.of(value).utf8))
        }

        /// A text field of a generated value.
        @_spi(Generated) @_disfavoredOverload
        public static func field(_ name: String, _ value: some ParameterValue) -> Part {
            Part(name: name, data: Data(value.parameterValue.utf8))
        }

        /// A file.
        public static func file(_ name: String, filename: String, contentType: String = "application/octet-stream", data: Data) -> Part {
            Part(name: name, filename: filename, contentType: contentType, data: data)
        }

        /// A file.
        public static func file(_ name: String, _ file: RequestBody.File) -> Part {
            Part(name: name, filename: file.filename, contentType: file.contentType, data: file.data)
        }

        /// Escapes a quoted parameter the way browsers do (RFC 7578): `"` as `%22`, CR and LF as `%0D` and `%0A`.
        static func quoted(_ text: String) -> String {
            text.replacingOccurrences(of: "\"", with: "%22")
                .replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
    }
}

extension RequestBody {
    /// A file to upload in a multipart body: its name, content type and bytes.
    public struct File: Hashable, Sendable {
        /// The file's name, as the server sees it.
        public var filename: String
        /// The file's `Content-Type`.
        public var contentType: String
        /// The file's bytes.
        public var data: Data

        /// A file named `filename` holding `data`.
        public init(filename: String, contentType: String = "application/octet-stream", data: Data) {
            self.filename = filename
            self.contentType = contentType
            self.data = data
        }
    }
}

extension Data {
    fileprivate mutating func append(_ text: String) {
        append(contentsOf: Array(text.utf8))
    }
}
