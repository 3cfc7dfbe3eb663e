/// A point on the plane.
@available(*, deprecated)
struct Point: Codable, Equatable, Sendable {
    var x: Double
    var y: Double

    init(x: Double, y: Double) {
        (self.x, self.y) = (x, y)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.x = try container.decode(Double.self, forKey: "x")
        self.y = try container.decode(Double.self, forKey: "y")
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(x, forKey: "x")
        try container.encode(y, forKey: "y")
    }
}
