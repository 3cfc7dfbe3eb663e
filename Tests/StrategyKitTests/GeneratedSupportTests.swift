import Foundation
@_spi(Generated) import StrategyKit
import Testing

/// What generated clients take from the runtime: open enums, dated fields, the builder's
/// settings, success checks and stubs from the types a strategy names, payload decoding.
@Suite struct GeneratedSupportTests {
    struct Status: OpenEnum {
        static let live = Self("live")
        static let closed = Self("closed")

        let rawValue: String

        init(rawValue: String) {
            self.rawValue = rawValue
        }
    }

    /// Coded as generated models are: keys as `JSONKey` literals, dates in their own formats.
    struct Lot: Codable, Equatable {
        var status: Status
        var startsAt: Date
        var endsAt: Date?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: JSONKey.self)
            self.status = try container.decode(Status.self, forKey: "status")
            self.startsAt = try container.decode(Date.self, forKey: "startsAt", format: .secondsSince1970)
            self.endsAt = try container.decodeIfPresent(Date.self, forKey: "endsAt", format: .iso8601)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(status, forKey: "status")
            try container.encode(startsAt, forKey: "startsAt", format: .secondsSince1970)
            try container.encodeIfPresent(endsAt, forKey: "endsAt", format: .iso8601)
        }
    }

    @Test func anOpenEnumKeepsAValueTheSpecDoesNotList() throws {
        let decoded = try JSONDecoder().decode([Status].self, from: Data(#"["live", "withdrawn"]"#.utf8))

        #expect(decoded == [.live, .unknown("withdrawn")])
        #expect(decoded[1] != .closed)
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["live","withdrawn"]"#)
        #expect(Status.closed.parameterValue == "closed")
    }

    @Test func aDatedFieldIsReadAndWrittenInItsOwnFormatWhateverTheCoders() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let json = #"{"status": "live", "startsAt": 1714564800, "endsAt": "2024-05-08T12:00:00Z"}"#

        let lot = try decoder.decode(Lot.self, from: Data(json.utf8))

        #expect(lot.startsAt == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(lot.endsAt == Date(timeIntervalSince1970: 1_715_169_600))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(lot), as: UTF8.self) == #"{"endsAt":"2024-05-08T12:00:00Z","startsAt":1714564800,"status":"live"}"#)
    }

    @Test func anOptionalDateMayBeMissingOrNullAndIsLeftOutWhenNil() throws {
        let missing = try JSONDecoder().decode(Lot.self, from: Data(#"{"status": "closed", "startsAt": 0}"#.utf8))
        let null = try JSONDecoder().decode(Lot.self, from: Data(#"{"status": "closed", "startsAt": 0, "endsAt": null}"#.utf8))

        #expect(missing.endsAt == nil)
        #expect(null.endsAt == nil)
        #expect(String(decoding: try JSONEncoder().encode(missing), as: UTF8.self).contains("endsAt") == false)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Lot.self, from: Data(#"{"status": "closed", "startsAt": "yesterday"}"#.utf8))
        }
    }

    /// A map of dates, coded as generated models code one.
    struct Bookmarks: Codable, Equatable {
        var saved: [String: Date]
        var due: [String: Date]?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: JSONKey.self)
            self.saved = try container.decode([String: Date].self, forKey: "saved", format: .iso8601)
            self.due = try container.decodeIfPresent([String: Date].self, forKey: "due", format: .pattern("yyyy-MM-dd"))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(saved, forKey: "saved", format: .iso8601)
            try container.encodeIfPresent(due, forKey: "due", format: .pattern("yyyy-MM-dd"))
        }
    }

    @Test func aMapOfDatesReadsAndWritesEachValueInItsFormat() throws {
        let json = #"{"saved": {"b": "2024-05-08T12:00:00Z", "a": "2024-05-01T12:00:00.250Z"}, "due": {"c": "2024-05-09"}}"#

        let bookmarks = try JSONDecoder().decode(Bookmarks.self, from: Data(json.utf8))

        #expect(bookmarks.saved == ["a": Date(timeIntervalSince1970: 1_714_564_800.25), "b": Date(timeIntervalSince1970: 1_715_169_600)])
        #expect(bookmarks.due == ["c": Date(timeIntervalSince1970: 1_715_212_800)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(bookmarks), as: UTF8.self)
            == #"{"due":{"c":"2024-05-09"},"saved":{"a":"2024-05-01T12:00:00Z","b":"2024-05-08T12:00:00Z"}}"#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Bookmarks.self, from: Data(#"{"saved": {"a": 1714564800}}"#.utf8))
        }
    }

    /// Records the order in which the middlewares see a request.
    static func mark(_ name: String, in log: Log) -> Middleware {
        Middleware(name: name) { request, body, _, next in
            log.append(name)
            return try await next(request, body)
        }
    }

    final class Log: Sendable {
        private let lock = NSLock()
        nonisolated(unsafe) private var entries: [String] = []
        func append(_ entry: String) { lock.withLock { entries.append(entry) } }
        var all: [String] { lock.withLock { entries } }
    }

    struct Builder: ClientBuilder {
        var settings = ClientSettings(server: Server(host: "api.example.com"), retry: .never)
    }

    struct GetLot: Strategy {
        typealias Output = Lot
        typealias Failure = BodyError

        func endpoint(for input: Int) -> Endpoint {
            Endpoint(.get, "/lots/\(input)")
        }
    }

    struct Problem: Decodable, Equatable {
        var detail: String
    }

    /// Reports failures in the body of HTTP 200 responses, with a payload.
    enum BodyError: APIError, Equatable {
        case failed(Problem?)

        static let successCheck: SuccessCheck = .statusCodes(200..<300).and(.bodyLacksKey("error"))

        init(response: HTTPResponse, body: Data) {
            self.init(response: response, body: body, decoder: JSONDecoder())
        }

        init(response: HTTPResponse, body: Data, decoder: JSONDecoder) {
            self = .failed(try? decoder.decode([String: Problem].self, from: body)["error"])
        }
    }

    @Test func theBuilderRunsRetryThenTheBuiltInMiddlewaresThenTheCallersOwn() async throws {
        let log = Log()
        let transport = StubTransport([.init(.get, "/lots/{id}", json: #"{"status": "live", "startsAt": 0}"#)])
        let settings = Builder().transport(transport).middleware(Self.mark("caller", in: log)).settings

        let lot = try await settings.client(builtIn: [Self.mark("credentials", in: log)]).send(GetLot(), 1)

        #expect(lot.status == .live)
        #expect(log.all == ["credentials", "caller"])
        #expect(settings.client().middlewares.map(\.name) == ["retry", "caller"])
        #expect(settings.renewingClient(builtIn: [Self.mark("defaults", in: log)]).middlewares.map(\.name) == ["retry", "defaults"])
    }

    @Test func aStrategyTakesTheSuccessCheckAndTheDecoderOfItsErrorType() async throws {
        let transport = StubTransport([.init(.get, "/lots/{id}", json: #"{"error": {"Detail": "no such lot"}}"#)])
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .custom { path in Key(stringValue: path.last.map { $0.stringValue.lowercased() } ?? "") }
        let client = Builder().transport(transport).decoder(decoder).settings.client()

        await #expect(throws: BodyError.failed(Problem(detail: "no such lot"))) { try await client.send(GetLot(), 1) }
        #expect(BodyError(response: HTTPResponse(status: .ok), body: Data(#"{"error": {"Detail": "no such lot"}}"#.utf8)) == .failed(nil))
    }

    @Test func aStubbedClientAnswersFromItsRoutesWithoutTheMiddlewares() async throws {
        let log = Log()
        let client = Builder()
            .middleware(Self.mark("caller", in: log))
            .stubbed([.init(.get, "/lots/{id}", json: #"{"status": "live", "startsAt": 0}"#)])
            .settings.client(builtIn: [Self.mark("credentials", in: log)])

        let lot = try await client.send(GetLot(), 7)

        #expect(lot.status == .live)
        #expect(lot.startsAt == Date(timeIntervalSince1970: 0))
        #expect(log.all.isEmpty)
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

// As a generated open enum is, so it can stand in a path or a query.
@_spi(Generated) extension GeneratedSupportTests.Status: ParameterValue {}
