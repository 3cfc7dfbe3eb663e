/// A shape around its center; deprecated with the model it uses.
@available(*, deprecated, message: "uses the deprecated model 'Point'")
public struct Shape: Decodable, Sendable {
    public let center: Point
    public let corners: [Point]

    public init(center: Point, corners: [Point]) {
        (self.center, self.corners) = (center, corners)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.center = try container.decode(Point.self, forKey: "center")
        self.corners = try container.decode([Point].self, forKey: "corners")
    }
}
