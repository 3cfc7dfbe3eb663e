/// `GET /swatches/{ids}/{label}/{matrix}/{color}`
public struct GetSwatch: Strategy {
    public typealias Output = Void

    public struct Input: Sendable {
        public var ids: [Int]
        public var label: [String]
        public var matrix: [String]
        public var color: Color
        public var spaced: [String]?
        public var piped: [Int]?
        public var shade: Color?
        public var palette: Color?
        public var xTags: [String]?
        public var xColor: Color
        public var favorites: [String]?

        public init(
            ids: [Int],
            label: [String],
            matrix: [String],
            color: Color,
            spaced: [String]? = nil,
            piped: [Int]? = nil,
            shade: Color? = nil,
            palette: Color? = nil,
            xTags: [String]? = nil,
            xColor: Color,
            favorites: [String]? = nil
        ) {
            self.ids = ids
            self.label = label
            self.matrix = matrix
            self.color = color
            self.spaced = spaced
            self.piped = piped
            self.shade = shade
            self.palette = palette
            self.xTags = xTags
            self.xColor = xColor
            self.favorites = favorites
        }
    }

    public init() {}

    public func endpoint(for input: Input) -> Endpoint {
        Endpoint(
            .get,
            "/swatches/\(Styled(input.ids, .simple))/\(Styled(input.label, .label, explode: true))/\(Styled(input.matrix, .matrix("matrix")))/\(Styled(input.color, .matrix("color"), explode: true))",
            query: [
                "spaced": Styled(input.spaced, .spaceDelimited),
                "piped": Styled(input.piped, .pipeDelimited),
                "shade": Styled(input.shade, .form, explode: true),
                "palette": Styled(input.palette, .form),
            ],
            headers: [
                "X-Tags": input.xTags.map { Styled($0, .simple) },
                "X-Color": Styled(input.xColor, .simple, explode: true),
            ],
            cookies: ["favorites": input.favorites.map { Styled($0, .form, explode: true) }]
        )
    }
}
