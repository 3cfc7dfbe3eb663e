/// `POST /customers`
public struct CreateCustomer: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var name: String?
        public var expand: [String]?
        public var metadata: [String: String]?
        public var tags: [String]?
        public var ids: [Int]?
        public var labels: [String]?
        public var point: Point?
        public var corner: Point?
        public var address: Address?
        public var lines: [Address]?

        public init(
            name: String? = nil,
            expand: [String]? = nil,
            metadata: [String: String]? = nil,
            tags: [String]? = nil,
            ids: [Int]? = nil,
            labels: [String]? = nil,
            point: Point? = nil,
            corner: Point? = nil,
            address: Address? = nil,
            lines: [Address]? = nil
        ) {
            self.name = name
            self.expand = expand
            self.metadata = metadata
            self.tags = tags
            self.ids = ids
            self.labels = labels
            self.point = point
            self.corner = corner
            self.address = address
            self.lines = lines
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .post,
            "/customers",
            body: .form([
                "name": input.name,
                "expand": ArrayStyled(input.expand, .brackets),
                "metadata": input.metadata,
                "tags": input.tags,
                "ids": ArrayStyled(input.ids, .commaSeparated),
                "labels": Styled(input.labels, .pipeDelimited),
                "point": Styled(input.point, .form, explode: true),
                "corner": Styled(input.corner, .form),
                "address": JSONText(input.address),
                "lines": JSONText(input.lines),
            ])
        )
    }
}
