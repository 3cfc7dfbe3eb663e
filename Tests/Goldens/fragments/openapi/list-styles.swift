/// `GET /files`
public struct ListFiles: Strategy {
    public typealias Output = [String]

    public struct Input: Sendable {
        public var fields: [String]?
        public var tag: [String]?
        public var ids: [Int]?

        public init(fields: [String]? = nil, tag: [String]? = nil, ids: [Int]? = nil) {
            (self.fields, self.tag, self.ids) = (fields, tag, ids)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/files",
            query: [
                "fields": ArrayStyled(input.fields, .commaSeparated),
                "tag": input.tag,
                "ids": Styled(input.ids, .pipeDelimited),
            ],
            headers: ["Accept": "application/json"]
        )
    }
}
