public struct Completion: Decodable, Sendable {
    public let id: String
    public let text: String

    @available(*, deprecated)
    public var functionCall: FunctionCall? { _functionCall }

    @available(*, deprecated)
    fileprivate var _functionCall: FunctionCall? = nil

    public init(id: String, text: String) {
        (self.id, self.text) = (id, text)
    }

    @available(*, deprecated, message: "sets 'functionCall', which is deprecated")
    public init(id: String, text: String, functionCall: FunctionCall? = nil) {
        (self.id, self.text, self._functionCall) = (id, text, functionCall)
    }

    @available(*, deprecated)
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.id = try container.decode(String.self, forKey: "id")
        self.text = try container.decode(String.self, forKey: "text")
        self._functionCall = try container.decodeIfPresent(FunctionCall.self, forKey: "function_call")
    }
}
