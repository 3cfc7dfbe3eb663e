public struct NewDocByCategorySlug: Encodable, Sendable {
    public var title: String
    public var category: String?
    public var categorySlug: String

    public init(title: String, category: String? = nil, categorySlug: String) {
        (self.title, self.category, self.categorySlug) = (title, category, categorySlug)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(title, forKey: "title")
        try container.encodeIfPresent(category, forKey: "category")
        try container.encode(categorySlug, forKey: "categorySlug")
    }
}
