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

    private enum CodingKeys: String, CodingKey {
        case `default`, _self = "self", _2faCode = "2fa_code", xRequestID = "X-Request-ID", kind = "class"
    }
}
