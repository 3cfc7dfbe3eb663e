/// `GET /repos/{owner}/{repo}/issues`
public struct ListRepositoryIssues: PaginatedStrategy {
    public typealias Output = [Issue]

    public struct Input: Sendable {
        public var owner: String
        public var repo: String
        public var perPage: Int?

        public init(owner: String, repo: String, perPage: Int? = nil) {
            (self.owner, self.repo, self.perPage) = (owner, repo, perPage)
        }
    }

    public init() {}

    public var pagination: Pagination<Input> { .link() }

    public func items(of output: [Issue]) -> [Issue] {
        output
    }

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(.get, "/repos/\(input.owner)/\(input.repo)/issues", query: ["per_page": input.perPage])
    }
}
