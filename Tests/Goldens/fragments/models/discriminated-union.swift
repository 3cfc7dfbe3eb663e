/// What a post carries, told apart by `type`.
public enum Attachment: Decodable, Sendable {
    case photo(PhotoAttachment)
    case video(VideoAttachment)
    case link(LinkAttachment)
    /// A kind this spec doesn't list, as it came.
    case unknown(JSONValue)

    public init(from decoder: any Decoder) throws {
        switch try decoder.container(keyedBy: JSONKey.self).decode(String.self, forKey: "type") {
        case "photo":
            self = .photo(try PhotoAttachment(from: decoder))
        case "video":
            self = .video(try VideoAttachment(from: decoder))
        case "link":
            self = .link(try LinkAttachment(from: decoder))
        default:
            self = .unknown(try JSONValue(from: decoder))
        }
    }
}
