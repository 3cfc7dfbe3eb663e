/// A shape around its center; deprecated with the model it uses.
@available(*, deprecated, message: "uses the deprecated model 'Point'")
public struct Shape: Codable, Equatable, Sendable {
    public var center: Point
    public var corners: [Point]

    public init(center: Point, corners: [Point]) {
        self.center = center
        self.corners = corners
    }
}
