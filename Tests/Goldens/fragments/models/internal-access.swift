/// A point on the plane.
@available(*, deprecated)
struct Point: Codable, Equatable, Sendable {
    var x: Double
    var y: Double

    init(x: Double, y: Double) {
        (self.x, self.y) = (x, y)
    }
}
