/// `POST /days/{day}/reports`
public struct UploadReport: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var day: Date
        public var ifUnmodifiedSince: Date?
        public var emails: [String]
        public var typeid: [Int32]?
        public var authenticateUntil: Date?
        public var attachments: [RequestBody.File]?
        public var file: RequestBody.File

        public init(
            day: Date,
            ifUnmodifiedSince: Date? = nil,
            emails: [String],
            typeid: [Int32]? = nil,
            authenticateUntil: Date? = nil,
            attachments: [RequestBody.File]? = nil,
            file: RequestBody.File
        ) {
            self.day = day
            self.ifUnmodifiedSince = ifUnmodifiedSince
            self.emails = emails
            self.typeid = typeid
            self.authenticateUntil = authenticateUntil
            self.attachments = attachments
            self.file = file
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        var parts: [RequestBody.Part?] = [
            input.authenticateUntil.map { .field("authenticate_until", DateFormat.iso8601.string(from: $0)) },
            .file("file", input.file),
        ]
        parts += input.emails.map { .field("emails[]", $0) }
        parts += (input.typeid ?? []).map { .field("typeid", $0) }
        parts += (input.attachments ?? []).map { .file("attachments", $0) }
        return Endpoint(
            .post,
            "/days/\(DateFormat.pattern("yyyy-MM-dd").string(from: input.day))/reports",
            headers: ["If-Unmodified-Since": input.ifUnmodifiedSince.map(DateFormat.iso8601.string(from:))],
            body: .multipart(parts)
        )
    }
}
