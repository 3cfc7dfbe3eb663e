import Foundation
@_spi(Generated) import StrategyKit
import Testing

@Suite struct WithHeadersTests {
    struct Page: Sendable {
        var items: [Int]
    }

    @Test func theOutputsMembersReadThroughTheWrapper() {
        let page = WithHeaders(Page(items: [1, 2]), headers: "etag-1")

        #expect(page.items == [1, 2])
        #expect(page.headers == "etag-1")
    }

    @Test func aListReadWithHeadersIteratesCountsAndMapsAsTheList() {
        let names = WithHeaders(["Rex", "Tom", "Nemo"], headers: "page-2")

        #expect(names.count == 3 && names[1] == "Tom" && names.last == "Nemo")
        #expect(names.map { $0.count } == [3, 3, 4])
        #expect(names.joined(separator: ", ") == "Rex, Tom, Nemo")
        var seen: [String] = []
        for name in names { seen.append(name) }
        #expect(seen == ["Rex", "Tom", "Nemo"] && names.headers == "page-2")
    }

    @Test func headerValuesReadAsTheirTypeOrNil() {
        var fields = HTTPFields()
        fields.append(HTTPField(name: HTTPField.Name("X-RateLimit-Remaining")!, value: "42"))
        fields.append(HTTPField(name: HTTPField.Name("X-Flag")!, value: "maybe"))

        #expect(fields.value("X-RateLimit-Remaining", as: Int.self) == 42)
        #expect(fields.value("x-ratelimit-remaining") == "42")
        #expect(fields.value("X-Flag", as: Bool.self) == nil)
        #expect(fields.value("Retry-After", as: Int.self) == nil)
        #expect(fields.value("not a name") == nil)
    }
}
