import Foundation
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// Lists and objects in paths, queries, headers and cookies, written in OpenAPI's styles and
/// checked where the server receives them.
@Suite struct StyledParameterTests {
    struct Color: Encodable, Sendable {
        var r: Int
        var g: Int
        var b: Int?
    }

    let recorder: EndpointRecorder

    init() throws {
        recorder = try EndpointRecorder()
    }

    func send(_ endpoint: Endpoint) async throws -> RecordedRequest {
        try await recorder.send(endpoint)
    }

    @Test func listsInAPathKeepTheirStylesSeparatorsAndEncodeEachValue() async throws {
        let ids = ["a b", "c,d"]
        let request = try await send(Endpoint(.get, """
            /simple/\(Styled(ids, .simple))/label/\(Styled(ids, .label))/exploded/\(Styled(ids, .label, explode: true))\
            /matrix/\(Styled(ids, .matrix("id")))/each/\(Styled(ids, .matrix("id"), explode: true))
            """))

        #expect(request.path == "/simple/a%20b,c%2Cd/label/.a%20b,c%2Cd/exploded/.a%20b.c%2Cd/matrix/;id=a%20b,c%2Cd/each/;id=a%20b;id=c%2Cd")
    }

    @Test func anObjectInAPathIsItsFieldsInSortedOrderWithoutTheNilOnes() async throws {
        let color = Color(r: 100, g: 200, b: nil)
        let request = try await send(Endpoint(.get, """
            /\(Styled(color, .simple))/\(Styled(color, .simple, explode: true))/\(Styled(color, .label, explode: true))\
            /\(Styled(color, .matrix("color")))/\(Styled(color, .matrix("color"), explode: true))
            """))

        #expect(request.path == "/g,200,r,100/g=200,r=100/.g=200.r=100/;color=g,200,r,100/;g=200;r=100")
    }

    @Test func aSingleValueInALabelOrMatrixPathGetsItsPrefix() async throws {
        let request = try await send(Endpoint(.get, "/\(Styled(5, .label))/\(Styled("x/y", .matrix("id")))"))

        #expect(request.path == "/.5/;id=x%2Fy")
    }

    @Test func delimitedListsAndFormObjectsInTheQueryFollowTheirStyle() async throws {
        let request = try await send(Endpoint(.get, "/search", query: [
            "spaced": Styled(["a", "b"], .spaceDelimited),
            "piped": Styled([1, 2], .pipeDelimited),
            "each": Styled(["x", "y"], .pipeDelimited, explode: true),
            "shade": Styled(Color(r: 1, g: 2), .form, explode: true),
            "palette": Styled(Color(r: 3, g: 4), .form),
            "none": Styled([String]?.none, .form),
        ]))

        #expect(request.query == "spaced=a%20b&piped=1%7C2&each=x&each=y&g=2&r=1&palette=g%2C4%2Cr%2C3")
    }

    @Test func headersAndCookiesCarryListsAndObjectsACookieWithoutCommas() async throws {
        let request = try await send(Endpoint(
            .get, "/",
            headers: ["X-Tags": Styled(["a", "b"], .simple), "X-Color": Styled(Color(r: 1, g: 2), .simple, explode: true)],
            cookies: ["favorites": Styled(["red", "blue green"], .form)]
        ))

        #expect(request.header("X-Tags") == "a,b")
        #expect(request.header("X-Color") == "g=2,r=1")
        #expect(request.header("Cookie") == "favorites=red%2Cblue%20green")
    }

    @Test func anExplodedFormObjectInACookieIsACookiePerField() async throws {
        let request = try await send(Endpoint(
            .get, "/",
            cookies: ["color": Styled(Color(r: 1, g: 2), .form, explode: true), "palette": Styled(Color(r: 3, g: 4), .form), "theme": "dark"]
        ))

        #expect(request.header("Cookie") == "g=2; r=1; palette=g%2C4%2Cr%2C3; theme=dark")
    }

    @Test func anEmptyListWritesNothing() async throws {
        let request = try await send(Endpoint(.get, "/items", query: ["ids": Styled([Int](), .pipeDelimited), "tags": Styled([String](), .form, explode: true)]))

        #expect(request.query == nil || request.query == "")
    }

    enum Created: Encodable, Sendable {
        case range(Range)
        case int(Int)

        struct Range: Encodable, Sendable {
            var gte: Int?
            var lt: Int?
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .range(let value): try container.encode(value)
            case .int(let value): try container.encode(value)
            }
        }
    }

    @Test func aFilterThatIsANumberOrARangeGoesInTheQueryAsEither() async throws {
        let exact = try await send(Endpoint(.get, "/charges", query: ["created": DeepObject(Created.int(5))]))
        let range = try await send(Endpoint(.get, "/charges", query: ["created": DeepObject(Created.range(.init(gte: 1, lt: 9)))]))

        #expect(exact.query == "created=5")
        #expect(range.query == "created%5Bgte%5D=1&created%5Blt%5D=9")
    }
}
