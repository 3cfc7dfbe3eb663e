/// `PUT /animals/{id}/photo`
public struct UploadPhoto: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var id: String
        public var photo: RequestBody.File
        public var caption: String?

        public init(id: String, photo: RequestBody.File, caption: String? = nil) {
            (self.id, self.photo, self.caption) = (id, photo, caption)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .put,
            "/animals/\(input.id)/photo",
            body: .multipart([.file("photo", input.photo), input.caption.map { .field("caption", $0) }])
        )
    }
}
