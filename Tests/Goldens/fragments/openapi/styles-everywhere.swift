/// `POST /swatches/{ids}/{shade}/{color}`
public struct PaintSwatch: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var ids: [Int]
        public var shade: String
        public var color: Color
        public var tags: [String]?
        public var filter: Color?
        public var xTrace: [String]?
        public var recent: [String]?
        public var image: RequestBody.File?
        public var palette: Color?

        public init(
            ids: [Int],
            shade: String,
            color: Color,
            tags: [String]? = nil,
            filter: Color? = nil,
            xTrace: [String]? = nil,
            recent: [String]? = nil,
            image: RequestBody.File? = nil,
            palette: Color? = nil
        ) {
            self.ids = ids
            self.shade = shade
            self.color = color
            self.tags = tags
            self.filter = filter
            self.xTrace = xTrace
            self.recent = recent
            self.image = image
            self.palette = palette
        }
    }

    public init() {}

    public func endpoint(for input: Input) throws -> Endpoint {
        Endpoint(
            .post,
            "/swatches/\(Styled(input.ids, .simple))/\(Styled(input.shade, .label))/\(Styled(input.color, .matrix("color"), explode: true))",
            query: [
                "tags": Styled(input.tags, .pipeDelimited),
                "filter": Styled(input.filter, .form, explode: true),
            ],
            headers: ["X-Trace": input.xTrace.map { Styled($0, .simple) }],
            cookies: ["recent": input.recent.map { Styled($0, .form) }],
            body: .multipart([input.image.map { .file("image", $0) }, try input.palette.map { try .value("palette", $0) }])
        )
    }
}
