import Foundation
@_spi(Generated) import StrategyKit
import TestServer
import Testing

/// Objects, maps and lists in queries and form bodies, as deep-object APIs (Stripe and the
/// like) read them, checked where the server receives them.
@Suite struct DeepObjectTests {
    struct Address: Encodable, Sendable {
        var line1: String
        var postalCode: String?

        enum CodingKeys: String, CodingKey {
            case line1
            case postalCode = "postal_code"
        }
    }

    struct LineItem: Encodable, Sendable {
        var price: String
        var quantity: Int
        var taxRates: [String] = []
        var metadata: [String: String] = [:]

        enum CodingKeys: String, CodingKey {
            case price, quantity, metadata
            case taxRates = "tax_rates"
        }
    }

    let recorder: EndpointRecorder

    init() throws {
        recorder = try EndpointRecorder()
    }

    func send(_ endpoint: Endpoint) async throws -> RecordedRequest {
        try await recorder.send(endpoint)
    }

    func decoded(_ text: String?) -> [String] {
        (text ?? "").split(separator: "&").map { String($0).removingPercentEncoding ?? String($0) }
    }

    @Test func aMapInTheQueryArrivesAsBracketedKeysInSortedOrder() async throws {
        let request = try await send(Endpoint(.get, "/charges", query: ["metadata": ["order_id": "6735", "channel": "web"]]))

        #expect(request.query == "metadata%5Bchannel%5D=web&metadata%5Border_id%5D=6735")
    }

    @Test func aModelInAFormBodyGoesByItsFieldsWireNamesAndLeavesNilFieldsOut() async throws {
        let address = Address(line1: "1 Main St", postalCode: nil)
        let request = try await send(Endpoint(.post, "/customers", body: .form(["name": "Ada", "address": DeepObject(address)])))

        #expect(decoded(String(decoding: request.body, as: UTF8.self)) == ["name=Ada", "address[line1]=1 Main St"])
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
    }

    /// A field of any JSON value (a token, or the object it stands for) is sent as what it holds.
    @Test func aJSONValueInAFormIsSentAsTheStringOrTheObjectItHolds() async throws {
        let token = try await send(Endpoint(.post, "/account", body: .form(["bank_account": DeepObject(JSONValue.string("btok_1"))])))
        #expect(decoded(String(decoding: token.body, as: UTF8.self)) == ["bank_account=btok_1"])

        let details = JSONValue.object(["country": .string("US"), "routing": .array([.integer(11), .bool(true)])])
        let object = try await send(Endpoint(.post, "/account", body: .form(["bank_account": DeepObject(details)])))
        #expect(decoded(String(decoding: object.body, as: UTF8.self)) == ["bank_account[country]=US", "bank_account[routing][]=11", "bank_account[routing][]=true"])
    }

    @Test func listsOfObjectsAreNumberedAndTheirListsBracketed() async throws {
        let items = [
            LineItem(price: "price_1", quantity: 2, taxRates: ["txr_a", "txr_b"], metadata: ["k": "v"]),
            LineItem(price: "price_2", quantity: 1),
        ]
        let body = RequestBody.form(["items": DeepObject(items), "expand": ["customer"]], encoding: QueryEncoding(arrays: .brackets))
        let request = try await send(Endpoint(.post, "/checkout", body: body))

        #expect(decoded(String(decoding: request.body, as: UTF8.self)) == [
            "items[0][metadata][k]=v", "items[0][price]=price_1", "items[0][quantity]=2",
            "items[0][tax_rates][]=txr_a", "items[0][tax_rates][]=txr_b",
            "items[1][price]=price_2", "items[1][quantity]=1",
            "expand[]=customer",
        ])
    }

    /// A list inside a deep object is written with brackets, as the APIs that read deep objects
    /// (a payments API's `subscription_data[default_tax_rates][]=txr_1`) take it; repeated, they
    /// keep only the last value.
    @Test func aListInsideADeepObjectIsBracketedInTheDefaultEncoding() async throws {
        struct SubscriptionData: Encodable, Sendable {
            var defaultTaxRates: [String]

            enum CodingKeys: String, CodingKey {
                case defaultTaxRates = "default_tax_rates"
            }
        }
        let data = SubscriptionData(defaultTaxRates: ["txr_1", "txr_2"])
        let request = try await send(Endpoint(.get, "/x", query: ["subscription_data": DeepObject(data)]))

        #expect(request.query == "subscription_data%5Bdefault_tax_rates%5D%5B%5D=txr_1&subscription_data%5Bdefault_tax_rates%5D%5B%5D=txr_2")
    }

    /// Whatever the request's array style, the lists inside an object, a map or a list of
    /// objects are bracketed at every depth; a list that is the whole value keeps the style.
    @Test(arguments: [
        (QueryEncoding.ArrayStyle.repeated, ["expand=a", "expand=b"]),
        (.commaSeparated, ["expand=a,b"]),
        (.brackets, ["expand[]=a", "expand[]=b"]),
    ])
    func listsInsideADeepObjectAreBracketedWhateverTheArrayStyle(arrays: QueryEncoding.ArrayStyle, expand: [String]) async throws {
        struct Filter: Encodable, Sendable {
            var rates: [String]
            var items: [LineItem]
            var tiers: [[Int]]
        }
        let filter = Filter(rates: ["a", "b"], items: [LineItem(price: "p", quantity: 1, taxRates: ["t"])], tiers: [[1, 2], [3]])
        let tags: [String: [String]] = ["x": ["y", "z"]]
        let request = try await send(Endpoint(
            .get, "/x",
            query: ["filter": DeepObject(filter), "tags": tags, "expand": DeepObject(["a", "b"])],
            queryEncoding: QueryEncoding(arrays: arrays)
        ))

        #expect(decoded(request.query) == [
            "filter[items][0][price]=p", "filter[items][0][quantity]=1", "filter[items][0][tax_rates][]=t",
            "filter[rates][]=a", "filter[rates][]=b",
            "filter[tiers][0][]=1", "filter[tiers][0][]=2", "filter[tiers][1][]=3",
            "tags[x][]=y", "tags[x][]=z",
        ] + expand)
    }

    @Test func mapsOfModelsDatesAndBoolsFollowTheEncoding() async throws {
        let value: [String: [String: Date]] = ["b": ["at": Date(timeIntervalSince1970: 0)], "a": [:]]
        let flags: [String: Bool] = ["on": true]
        let encoding = QueryEncoding(bools: .digit, dates: .secondsSince1970)
        let request = try await send(Endpoint(.get, "/search", query: ["filter": DeepObject(value), "flags": flags], queryEncoding: encoding))

        #expect(decoded(request.query) == ["filter[b][at]=0", "flags[on]=1"])
    }

    @Test func aMissingValueSendsNothingAndAnExplicitNullSendsAnEmptyValue() async throws {
        let missing: Address? = nil
        let cleared: [String: String?] = ["note": nil]
        let request = try await send(Endpoint(.get, "/x", query: ["address": DeepObject(missing), "metadata": DeepObject(cleared)]))

        #expect(decoded(request.query) == ["metadata[note]="])
    }
}

/// Where a strategy with a server of its own, or an absolute URL, is sent.
@Suite struct StrategyServerTests {
    struct Upload: Strategy {
        typealias Output = Void
        var server: Server?

        func endpoint(for input: Endpoint) -> Endpoint { input }
    }

    @Test func anAbsoluteURLThatIsntHTTPIsRefusedAndNothingIsSent() async throws {
        let transport = StubTransport([])
        let client = StrategyClient(server: Server(host: "api.example.com"), transport: transport)
        let endpoint = Endpoint(.post, url: try #require(URL(string: "file:///etc/passwd")))

        await #expect(throws: CallError<UnexpectedResponse>.self) { try await client.call(Upload(), endpoint) }
        #expect(transport.requests.isEmpty)
    }

    @Test func aStubbedClientAnswersAStrategyWithAServerOfItsOwnFromItsStubs() async throws {
        struct Builder: ClientBuilder { var settings = ClientSettings(server: Server(host: "api.example.com")) }
        let client = Builder().stubbed([.init(.post, "/files", json: "{}")]).settings.client()

        try await client.send(Upload(server: Server(host: "files.example.com", basePath: "/v1")), Endpoint(.post, "/files"))
    }
}
