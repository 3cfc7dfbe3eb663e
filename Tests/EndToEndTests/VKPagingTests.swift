import Foundation
import StrategyKit
import TestServer
import Testing

/// VK's walls page by offset and count: the client walks them lazily and stops at the count
/// the API reports.
@Suite struct VKPagingTests {
    let server: HTTPTestServer
    let vk: VKClient

    init() throws {
        server = try HTTPTestServer { request in
            guard request.query("access_token") == "good" else {
                return .json(#"{"error": {"error_code": 5, "error_msg": "User authorization failed"}}"#)
            }
            let offset = Int(request.query("offset") ?? "0") ?? 0
            let count = Int(request.query("count") ?? "2") ?? 2
            let items = (offset..<min(offset + count, 5)).map {
                #"{"id": \#($0 + 1), "owner_id": 1, "from_id": 1, "date": 1714564800, "text": "post \#($0 + 1)"}"#
            }
            return .json(#"{"response": {"count": 5, "items": [\#(items.joined(separator: ","))]}}"#)
        }
        vk = VKClient.Builder(environment: .custom(server.server(basePath: "/method"))).token("good").build()
    }

    @Test func theWallsPostsComeInOrderOnePageAtATimeUntilTheCount() async throws {
        let posts = vk.getWallPages(ownerId: 1, count: 2).items
        #expect(server.requests.isEmpty)

        var texts: [String] = []
        for try await post in posts {
            texts.append(post.text)
        }

        #expect(texts == ["post 1", "post 2", "post 3", "post 4", "post 5"])
        #expect(server.requests.map { $0.query("offset") } == [nil, "2", "4"])
        #expect(server.requests.allSatisfy { $0.query("count") == "2" && $0.query("v") == "5.131" })
    }

    @Test func aRejectedPageThrowsTheAPIsTypedError() async throws {
        let stranger = VKClient.Builder(environment: .custom(server.server(basePath: "/method"))).token("stale").build()
        do {
            for try await _ in stranger.getWallPages(ownerId: 1) {}
            Issue.record("the pages came")
        } catch {
            guard case .api(.invalidAccessToken) = error else { Issue.record("expected invalidAccessToken, got \(error)"); return }
        }
        #expect(server.requests.count == 1)
    }
}
