/// The signed-in user, with private details only when the token may see them.
public enum User: Decodable, Sendable {
    case privateUser(PrivateUser)
    case publicUser(PublicUser)

    public init(from decoder: any Decoder) throws {
        if let value = try? PrivateUser(from: decoder) {
            self = .privateUser(value)
            return
        }
        self = .publicUser(try PublicUser(from: decoder))
    }
}
