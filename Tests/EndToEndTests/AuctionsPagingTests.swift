import Foundation
import StrategyKit
import TestServer
import Testing

/// The auction list pages by a cursor in the body until the body names none.
@Suite struct AuctionsPagingTests {
    @Test func lotsComePageByPageFollowingTheCursor() async throws {
        let server = try HTTPTestServer { request in
            let (titles, next) = switch request.query("cursor") {
            case nil: (["Clock", "Vase"], #""c2""#)
            case "c2"?: (["Chair"], "null")
            default: ([String](), "null")
            }
            let items = titles.map {
                #"{"id": "\#(UUID().uuidString)", "title": "\#($0)", "status": "live", "starts_at": "2024-05-01T12:00:00Z", "ends_at": "2024-05-08T12:00:00+0000", "current_bid": null}"#
            }
            return .json(#"{"items": [\#(items.joined(separator: ","))], "next_cursor": \#(next), "total": 3}"#)
        }
        let auctions = AuctionsClient.Builder(environment: .custom(server.server(basePath: "/v2"))).build()

        var titles: [String] = []
        for try await lot in auctions.listAuctionsPages(status: [.live], limit: 2).items {
            titles.append(lot.title)
        }

        #expect(titles == ["Clock", "Vase", "Chair"])
        #expect(server.requests.map { $0.query("cursor") } == [nil, "c2"])
        #expect(server.requests.allSatisfy { $0.query("status") == "live" && $0.query("limit") == "2" })
    }
}
