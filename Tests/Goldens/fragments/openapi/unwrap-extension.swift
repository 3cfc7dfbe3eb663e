/// `GET /animals/count`
public struct CountAnimals: Strategy {
    public typealias Output = Int

    public init() {}

    public var outputPath: String? { "data.count" }

    public func endpoint(for input: Void) -> Endpoint {
        Endpoint(.get, "/animals/count", headers: ["Accept": "application/json"])
    }
}
