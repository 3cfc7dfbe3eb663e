public struct Item: Codable, Equatable, Sendable {
    public var `default`: String
    public var _self: Int?
    public var _2faCode: String
    public var xRequestID: String
    public var kind: String

    public init(`default`: String, _self: Int? = nil, _2faCode: String, xRequestID: String, kind: String) {
        self.`default` = `default`
        self._self = _self
        self._2faCode = _2faCode
        self.xRequestID = xRequestID
        self.kind = kind
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.`default` = try container.decode(String.self, forKey: "default")
        self._self = try container.decodeIfPresent(Int.self, forKey: "self")
        self._2faCode = try container.decode(String.self, forKey: "2fa_code")
        self.xRequestID = try container.decode(String.self, forKey: "X-Request-ID")
        self.kind = try container.decode(String.self, forKey: "class")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(`default`, forKey: "default")
        try container.encodeIfPresent(_self, forKey: "self")
        try container.encode(_2faCode, forKey: "2fa_code")
        try container.encode(xRequestID, forKey: "X-Request-ID")
        try container.encode(kind, forKey: "class")
    }
}
