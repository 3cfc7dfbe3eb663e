/// A user, as most methods give one.
public enum ObjsUser: Decodable, Sendable {
    case one(ObjsUserItem)
    case list([ObjsUserItem])

    public init(from decoder: any Decoder) throws {
        if let value = try? ObjsUserItem(from: decoder) {
            self = .one(value)
            return
        }
        self = .list(try [ObjsUserItem](from: decoder))
    }
}
