import Foundation
import StrategyKit
import TestServer
import Testing

/// The client generated from `specs/auctions.yaml`: enum filters as comma-separated lists,
/// dates in two formats, errors by status with payloads, a retried POST.
@Suite struct AuctionsClientTests {
    static let lotID = UUID(uuidString: "6F0C4E3A-3B8C-4E4B-9B59-3E4A1C2D5F60")!

    let server: HTTPTestServer
    let bids = Counter()
    let auctions: AuctionsClient

    init() throws {
        let bids = self.bids
        let lot = Self.lotID.uuidString.lowercased()
        server = try HTTPTestServer { request in
            switch (request.method, request.path) {
            case ("GET", "/v2/auctions"):
                switch request.query("cursor") {
                case "spent": return CannedResponse(status: 403, headers: [("X-RateLimit-Remaining", "0")], body: Data())
                case "private": return CannedResponse(status: 403, headers: [("X-RateLimit-Remaining", "41")], body: Data())
                default: break
                }
                let rateLimit = [("X-RateLimit-Remaining", "42"), ("Link", #"<https://api.auctions.example.com/v2/auctions?cursor=2>; rel="next""#)]
                return CannedResponse(status: 200, headers: [("Content-Type", "application/json")] + rateLimit, body: Data(#"""
                    {"items": [
                      {"id": "\#(lot)", "title": "Clock", "status": "live",
                       "starts_at": "2024-05-01T12:00:00Z", "ends_at": "2024-05-08T12:00:00+0000",
                       "current_bid": {"amount": 1200, "currency": "EUR"}, "tags": ["antique"], "watchers": 4},
                      {"id": "\#(UUID().uuidString)", "title": "Vase", "status": "withdrawn",
                       "starts_at": "2024-05-02T08:30:00Z", "ends_at": "2024-05-09T08:30:00+0000", "current_bid": null}
                    ], "next_cursor": null, "total": 2}
                    """#.utf8))
            case ("GET", "/v2/auctions/\(lot)"):
                return .json(#"{"id": "\#(lot)", "title": "Clock", "status": "closed", "starts_at": "2024-05-01T12:00:00Z", "ends_at": "2024-05-08T12:00:00+0000", "current_bid": null}"#)
            case ("POST", "/v2/auctions/\(lot)/bids"):
                let amount = (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["amount"] as? Int ?? 0
                if bids.increment() == 1 { return .text("try again", status: 503) }
                if amount < 1000 { return .json(#"{"error": {"message": "Bids start at 1000"}}"#, status: 422) }
                if amount == 1250 { return .json(#"{"msg": "Outbid", "minimum": null}"#, status: 409) }
                if amount < 1300 { return .json(#"{"message": "Outbid", "minimum": {"amount": 1300, "currency": "EUR"}}"#, status: 409) }
                return .json(#"{"amount": \#(amount), "currency": "EUR"}"#, status: 201)
            case ("GET", let path) where path.hasPrefix("/v2/auctions/\(lot)/files/"):
                return .json(#"{"caption": "\#(path.dropFirst("/v2/auctions/\(lot)/files/".count))"}"#)
            case ("PUT", "/v2/auctions/\(lot)/watch"):
                return CannedResponse(status: 204)
            default:
                return .json(#"{"message": "not found"}"#, status: 404)
            }
        }
        auctions = AuctionsClient.Builder(environment: .custom(server.server(basePath: "/v2")))
            .retry(RetryPolicy(baseDelay: .milliseconds(1)))
            .build()
    }

    @Test func listsAPageWithFiltersDefaultsAndBothDateFormats() async throws {
        let page = try await auctions.listAuctions(status: [.live, .closed])

        #expect(page.total == 2)
        let clock = try #require(page.items.first)
        #expect(clock.id == Self.lotID)
        #expect(clock.status == .live)
        #expect(clock.startsAt == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(clock.endsAt == Date(timeIntervalSince1970: 1_715_169_600))
        #expect(clock.currentBid == Money(amount: 1200, currency: "EUR"))
        #expect(clock.watchers == 4)
        let vase = page.items[1]
        #expect(vase.status == .unknown("withdrawn"))
        #expect(vase.currentBid == nil)
        #expect(vase.tags == [])
        #expect(vase.watchers == 0)
        let request = try #require(server.requests.last)
        #expect(request.query("status") == "live,closed")
        #expect(request.query("limit") == nil, "20 is what the server assumes; it is sent only when set")
        #expect(request.header("Accept") == "application/json")
    }

    @Test func aPageCarriesTheResponseHeadersItReads() async throws {
        let page = try await auctions.listAuctions()

        #expect(page.total == 2)
        #expect(page.headers.xRateLimitRemaining == 42)
        #expect(page.headers.link == #"<https://api.auctions.example.com/v2/auctions?cursor=2>; rel="next""#)
    }

    @Test func a403IsToldApartByTheRateLimitHeader() async throws {
        let spent = await failure(AuctionError.self) { try await auctions.listAuctions(cursor: "spent") }?.api
        let refused = await failure(AuctionError.self) { try await auctions.listAuctions(cursor: "private") }?.api

        #expect(spent == .dailyLimitReached)
        #expect(refused == .forbidden)
    }

    @Test func aPageSizeTheCallerSetsIsSent() async throws {
        _ = try await auctions.listAuctions(limit: 50)

        #expect(server.requests.last?.query("limit") == "50")
    }

    @Test func aFilePathKeepsItsSlashesAndEachPartIsEncoded() async throws {
        let file = try await auctions.getLotFile(id: Self.lotID, path: "photos/front view.json")

        #expect(file["caption"] == "photos/front%20view.json")
        #expect(server.requests.last?.path == "/v2/auctions/\(Self.lotID.uuidString.lowercased())/files/photos/front%20view.json")
    }

    @Test func aDotSegmentInAFilePathIsRefusedBeforeAnythingIsSent() async throws {
        let error = await failure(AuctionError.self) { try await auctions.getLotFile(id: Self.lotID, path: "photos/../../admin") }

        guard case .request? = error else {
            Issue.record("expected a request error, got \(String(describing: error))")
            return
        }
        #expect(server.requests.isEmpty)
    }

    @Test func aMissingLotIsNotFound() async throws {
        #expect(await failure(AuctionError.self) {
            try await auctions.getAuction(id: UUID())
        }?.api == AuctionError.notFound)
    }

    @Test func aBidIsRetriedWithTheSameKeyAndBodyThenAccepted() async throws {
        let accepted = try await auctions.placeBid(id: Self.lotID, idempotencyKey: "bid-1", amount: 1500, currency: "EUR")

        #expect(accepted == Money(amount: 1500, currency: "EUR"))
        let attempts = server.requests.filter { $0.method == "POST" }
        #expect(attempts.count == 2)
        #expect(Set(attempts.map { $0.header("Idempotency-Key") }) == ["bid-1"])
        #expect(Set(attempts.map(\.body)).count == 1)
    }

    @Test func aBidWithoutAKeyGetsOneMadeForItAndSentWithEveryAttempt() async throws {
        let accepted = try await auctions.placeBid(id: Self.lotID, amount: 1500, currency: "EUR")

        #expect(accepted == Money(amount: 1500, currency: "EUR"))
        let attempts = server.requests.filter { $0.method == "POST" }
        #expect(attempts.count == 2)
        let keys = Set(attempts.map { $0.header("Idempotency-Key") })
        #expect(keys.count == 1)
        #expect(keys.first??.count == 36)  // a UUID
    }

    @Test func statusErrorsCarryTheirPayloads() async throws {
        _ = try? await auctions.placeBid(id: Self.lotID, idempotencyKey: "warm-up", amount: 1500, currency: "EUR")

        #expect(await failure(AuctionError.self) {
            try await auctions.placeBid(id: Self.lotID, idempotencyKey: "bid-2", amount: 1200, currency: "EUR")
        }?.api == AuctionError.outbid(BidRejection(message: "Outbid", minimum: Money(amount: 1300, currency: "EUR"))))
        #expect(await failure(AuctionError.self) {
            try await auctions.placeBid(id: Self.lotID, idempotencyKey: "bid-3", amount: 10, currency: "EUR")
        }?.api == AuctionError.invalidBid(message: "Bids start at 1000"))
    }

    @Test func errorPayloadsAreDecodedWithTheClientsDecoder() async throws {
        /// Reads the key `msg` as `message`.
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue == "msg" ? "message" : stringValue }
            init?(intValue: Int) { nil }
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .custom { path in Key(stringValue: path.last?.stringValue ?? "") }
        let shortened = AuctionsClient.Builder(environment: .custom(server.server(basePath: "/v2")))
            .retry(.never)
            .decoder(decoder)
            .build()
        _ = try? await shortened.placeBid(id: Self.lotID, idempotencyKey: "warm-up", amount: 1500, currency: "EUR")

        #expect(await failure(AuctionError.self) {
            try await shortened.placeBid(id: Self.lotID, idempotencyKey: "bid-4", amount: 1250, currency: "EUR")
        }?.api == AuctionError.outbid(BidRejection(message: "Outbid")))
        #expect(await failure(AuctionError.self) {
            try await auctions.placeBid(id: Self.lotID, idempotencyKey: "bid-5", amount: 1250, currency: "EUR")
        }?.api == AuctionError.outbid(nil))
    }

    @Test func watchingSucceedsOnlyWithTheDeclaredStatus() async throws {
        try await auctions.watchAuction(id: Self.lotID)

        #expect(await failure(AuctionError.self) {
            try await auctions.watchAuction(id: UUID())
        }?.api != nil)
    }

    @Test func serverVariablesBuildTheSandboxURL() {
        #expect(AuctionsClient.Environment.sandbox().server.description == "https://eu.sandbox.auctions.example.com/v2")
        #expect(AuctionsClient.Environment.sandbox(region: "us").server.host == "us.sandbox.auctions.example.com")
    }

    @Test func aStubbedClientAnswersFromTheSpecsExamplesWithoutTheNetwork() async throws {
        let page = try await AuctionsClient.stubbed().listAuctions()

        #expect(page.total == 1)
        #expect(page.nextCursor == nil)
        let auction = try #require(page.items.first)
        #expect(auction.id == UUID(uuidString: "6F0C4E3A-3B8C-4E4B-9B59-3E4A1C2D5F60"))
        #expect(auction.title == "A stub lot")
        #expect(auction.status == .live)
        #expect(auction.startsAt == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(auction.endsAt == Date(timeIntervalSince1970: 1_714_564_800 + 7 * 86_400))
        #expect(auction.currentBid == Money(amount: 1200, currency: "EUR"))
        #expect(auction.tags.isEmpty)  // the fields' defaults fill what the example leaves out
        #expect(auction.watchers == 0)
        #expect(server.requests.isEmpty)
    }
}
