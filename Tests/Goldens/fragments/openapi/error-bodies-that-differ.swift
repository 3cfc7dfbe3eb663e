/// An error the Forge API reports.
public enum ForgeError: APIError, Equatable {
    /// HTTP 404.
    case notFound(BasicError?)
    /// HTTP 422, with its body as it came: operations give it different bodies.
    case unprocessableContent(UnprocessableContentBody?, body: Data)
    /// A response no other case describes, with what it said.
    case unknown(statusCode: Int, body: Data)

    public init(response: HTTPResponse, body: Data, decoder: JSONDecoder) {
        switch response.status.code {
        case 404:
            self = .notFound(try? decoder.decode(BasicError.self, from: body))
        case 422:
            self = .unprocessableContent(
                try? decoder.decode(UnprocessableContentBody.self, from: body),
                body: body
            )
        default:
            self = .unknown(statusCode: response.status.code, body: body)
        }
    }

    public init(response: HTTPResponse, body: Data) {
        self.init(response: response, body: body, decoder: JSONDecoder())
    }
}
