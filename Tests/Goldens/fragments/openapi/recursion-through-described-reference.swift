public struct Repo: Decodable, Sendable {
    public let name: String

    /// The repository this one was forked from.
    public var parent: Repo? { _parent.value }

    fileprivate let _parent: Indirect<Repo?>
    public let forks: [Repo]?

    public init(name: String, parent: Repo? = nil, forks: [Repo]? = nil) {
        (self.name, self._parent, self.forks) = (name, Indirect(parent), forks)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.name = try container.decode(String.self, forKey: "name")
        self._parent = try Indirect(container.decodeIfPresent(Repo.self, forKey: "parent"))
        self.forks = try container.decodeIfPresent([Repo].self, forKey: "forks")
    }
}
