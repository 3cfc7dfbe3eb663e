/// `PUT /me/avatar`
public struct UploadAvatar: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var image: RequestBody.File
        public var caption: String?

        public init(image: RequestBody.File, caption: String? = nil) {
            (self.image, self.caption) = (image, caption)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .put,
            "/me/avatar",
            body: .multipart([.file("image", input.image), input.caption.map { .field("caption", $0) }])
        )
    }
}
