/// `GET /files`
public struct FilesList: PaginatedStrategy {
    public typealias Output = FileList

    public struct Input: Sendable {
        public var pageToken: String?
        public var pageSize: Int?

        public init(pageToken: String? = nil, pageSize: Int? = nil) {
            (self.pageToken, self.pageSize) = (pageToken, pageSize)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .cursor(\.pageToken, next: "nextPageToken", items: "files") }

    public func items(of output: FileList) -> [FileListFilesItem] {
        output.files ?? []
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/files",
            query: ["pageToken": input.pageToken, "pageSize": input.pageSize],
            headers: ["Accept": "application/json"]
        )
    }
}
