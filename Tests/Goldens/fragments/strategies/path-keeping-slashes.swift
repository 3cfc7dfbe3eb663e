/// `GET /repos/{repo}/contents/{path}`
public struct GetContent: Strategy {
    public typealias Output = Content

    public struct Input: Sendable {
        public var repo: String
        public var path: String

        public init(repo: String, path: String) {
            (self.repo, self.path) = (repo, path)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/repos/\(input.repo)/contents/\(segments: input.path)")
    }
}
