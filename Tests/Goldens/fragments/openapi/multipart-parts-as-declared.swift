/// `POST /jobs`
public struct CreateJob: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var epochs: CreateJobFormEpochs
        public var options: CreateJobFormOptions?
        public var file: RequestBody.File
        public var previews: [RequestBody.File]?

        public init(
            epochs: CreateJobFormEpochs,
            options: CreateJobFormOptions? = nil,
            file: RequestBody.File,
            previews: [RequestBody.File]? = nil
        ) {
            (self.epochs, self.options, self.file, self.previews) = (epochs, options, file, previews)
        }
    }

    public init() {}

    public func endpoint(for input: Input) throws -> Endpoint {
        var parts: [RequestBody.Part?] = [
            try .value("epochs", input.epochs),
            try input.options.map { try .value("options", $0) },
            .file("file", input.file),
        ]
        parts += (input.previews ?? []).map { .file("previews", $0).declaring("image/png") }
        return Endpoint(.post, "/jobs", body: .multipart(parts))
    }
}
