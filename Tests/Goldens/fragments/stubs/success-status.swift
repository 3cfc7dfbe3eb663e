/// Creates a thing.
/// The server answers 201.
///
/// `POST /things`
public struct CreateThing: Strategy {
    public typealias Output = Thing

    public init() {}

    public var successCheck: SuccessCheck { .statusCode(201) }

    public func endpoint(for input: Void) -> Endpoint {
        Endpoint(.post, "/things")
    }
}
