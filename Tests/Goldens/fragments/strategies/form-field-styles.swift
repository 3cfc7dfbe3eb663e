/// `POST /orders`
public struct CreateOrder: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var ids: [Int]
        public var labels: [String]?
        public var origin: Point
        public var corner: Point?

        public init(ids: [Int], labels: [String]? = nil, origin: Point, corner: Point? = nil) {
            (self.ids, self.labels, self.origin, self.corner) = (ids, labels, origin, corner)
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .post,
            "/orders",
            body: .form([
                "ids": ArrayStyled(input.ids, .commaSeparated),
                "labels": Styled(input.labels, .pipeDelimited),
                "origin": Styled(input.origin, .form, explode: true),
                "corner": Styled(input.corner, .form),
            ])
        )
    }
}
