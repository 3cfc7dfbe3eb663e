public struct Enclosure: Decodable, Sendable {
    public let headcount: [String: Int]
    public let labels: [String: String]?

    public init(headcount: [String: Int], labels: [String: String]? = nil) {
        (self.headcount, self.labels) = (headcount, labels)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.headcount = try container.decode([String: Int].self, forKey: "headcount")
        self.labels = try container.decodeIfPresent([String: String].self, forKey: "labels")
    }
}
