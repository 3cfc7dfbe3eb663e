/// `PUT /me/avatar`
public struct UploadAvatar: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var image: FileUpload
        public var caption: String?

        public init(image: FileUpload, caption: String? = nil) {
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
