/// `POST /releases/{id}/assets`
public struct UploadReleaseAsset: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var id: Int
        public var name: String
        public var body: Data

        /// The media type of the body.
        public var contentType: String

        public init(id: Int, name: String, body: Data, contentType: String = "application/octet-stream") {
            (self.id, self.name, self.body, self.contentType) = (id, name, body, contentType)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .post,
            "/releases/\(input.id)/assets",
            query: ["name": input.name],
            body: .data(input.body, contentType: input.contentType)
        )
    }
}
