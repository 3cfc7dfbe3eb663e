import Foundation

/// A request body read as it is sent, with its content type: a file, an async sequence of
/// bytes, or a `multipart/form-data` body whose parts may be either. Sent by
/// ``StrategyClient/upload(_:_:body:limits:progress:)``.
public struct StreamedBody: Sendable {
    /// The body's bytes.
    public var bytes: ByteStream
    /// The `Content-Type` the body is sent with.
    public var contentType: String

    /// A body of `bytes`, sent as `contentType`.
    public init(_ bytes: ByteStream, contentType: String = "application/octet-stream") {
        self.bytes = bytes
        self.contentType = contentType
    }

    /// The file at `url`, read as it is sent.
    public static func file(_ url: URL, contentType: String = "application/octet-stream") -> StreamedBody {
        StreamedBody(ByteStream(contentsOf: url), contentType: contentType)
    }

    /// A `multipart/form-data` body of `parts`, each read as it is sent, separated by
    /// `boundary`; its length is known when every part's is.
    public static func multipart(_ parts: [Part], boundary: String = "StrategyKit-\(UUID().uuidString)") -> StreamedBody {
        var pieces: [ByteStream] = []
        for part in parts {
            var head = "--\(boundary)\r\n"
            var disposition = "form-data; name=\"\(RequestBody.Part.quoted(part.name))\""
            if let filename = part.filename {
                disposition += "; filename=\"\(RequestBody.Part.quoted(filename))\""
            }
            head += "Content-Disposition: \(disposition)\r\n"
            if let contentType = part.contentType { head += "Content-Type: \(contentType)\r\n" }
            head += "\r\n"
            pieces.append(ByteStream(Data(head.utf8)))
            pieces.append(part.bytes)
            pieces.append(ByteStream(Data("\r\n".utf8)))
        }
        pieces.append(ByteStream(Data("--\(boundary)--\r\n".utf8)))
        let lengths = pieces.map(\.length)
        let length = lengths.contains(nil) ? nil : lengths.reduce(0) { $0 + ($1 ?? 0) }
        return StreamedBody(ByteStream(source: .concatenation(pieces), length: length), contentType: "multipart/form-data; boundary=\(boundary)")
    }

    /// One part of a streamed `multipart/form-data` body.
    public struct Part: Sendable {
        /// The form field's name.
        public var name: String
        /// The file's name, for a file.
        public var filename: String?
        /// The part's `Content-Type`, if it has one.
        public var contentType: String?
        /// The part's bytes.
        public var bytes: ByteStream

        /// A part named `name` of `bytes`; a file when it has a `filename`.
        public init(name: String, filename: String? = nil, contentType: String? = nil, bytes: ByteStream) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.bytes = bytes
        }

        /// A part in memory, as a ``RequestBody`` multipart body holds it.
        public init(_ part: RequestBody.Part) {
            self.init(name: part.name, filename: part.filename, contentType: part.contentType, bytes: ByteStream(part.data))
        }

        /// The file at `url`, read as it is sent, named `filename` (the file's own name by default).
        public static func file(_ name: String, _ url: URL, filename: String? = nil, contentType: String = "application/octet-stream") -> Part {
            Part(name: name, filename: filename ?? url.lastPathComponent, contentType: contentType, bytes: ByteStream(contentsOf: url))
        }
    }
}
