/// When each item was bookmarked, by its id.
///
/// `GET /bookmarks`
public struct GetBookmarks: Strategy {
    public typealias Output = [String: Date]

    public init() {}

    public func endpoint(for input: Void) -> Endpoint {
        Endpoint(.get, "/bookmarks", headers: ["Accept": "application/json"])
    }

    /// The output decoded from the body, its dates in the document's format.
    public func output(from response: HTTPResponse, body: Data, decoder: JSONDecoder) throws -> Output {
        try decoder.decode([String: Date].self, from: body, at: outputPath, dates: .iso8601)
    }
}
