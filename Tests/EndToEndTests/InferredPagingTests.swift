import Foundation
import StrategyKit
import TestServer
import Testing

/// Lists of real documents that say nothing of paging in our terms, paged as each API pages
/// them: the paging is inferred when the client is generated (`specs/ably.yaml`,
/// `stripe-tax-rates.yaml`, `slack.yaml`, `google-tasks.yaml`, `rebilly.yaml`, `gitea.yaml`,
/// each an excerpt of the API's public document), and each server here answers as that API does.
@Suite struct InferredPagingTests {
    /// Ably's history: each page's `Link` header names the next with a URL relative to the
    /// request (`./messages?…`); the last names none.
    @Test func ablyMessagesFollowTheRelativeNextLinks() async throws {
        let server = try HTTPTestServer { request in
            let (ids, next): ([Int], String?) = switch request.query("end") {
            case nil: ([5, 4], "1535035746004")
            case "1535035746004"?: ([3, 2], "1535035746002")
            default: ([1], nil)
            }
            let messages = ids.map { #"{"id": "m\#($0)", "name": "greeting", "data": "hello \#($0)", "timestamp": \#(1_535_035_746_000 + $0)}"# }
            var links = [#"<./messages?start=0&limit=2&direction=backwards&format=json>; rel="first""#]
            if let next { links.append(#"<./messages?start=0&end=\#(next)&limit=2&direction=backwards&format=json>; rel="next""#) }
            return CannedResponse(
                headers: [("Content-Type", "application/json"), ("Link", links.joined(separator: ", ")), ("x-ably-serverid", "frontdoor.8e9c.2")],
                body: Data("[\(messages.joined(separator: ","))]".utf8)
            )
        }
        let ably = AblyClient.Builder(environment: .custom(server.server())).bearerAuth(BearerTokenAuthenticator.Token(accessToken: "k")).build()

        var ids: [String] = []
        for try await message in ably.getMessagesByChannelPages(channelId: "chat", limit: 2, direction: .backwards).items {
            ids.append(message.id ?? "")
        }

        #expect(ids == ["m5", "m4", "m3", "m2", "m1"])
        #expect(server.requests.map(\.path) == Array(repeating: "/channels/chat/messages", count: 3))
        #expect(server.requests.map { $0.query("end") } == [nil, "1535035746004", "1535035746002"])
        #expect(server.requests.allSatisfy { $0.header("Authorization") == "Bearer k" })
    }

    /// Stripe's lists: the last item's id is sent as `starting_after` while `has_more` is true.
    @Test func stripeTaxRatesComeAfterEachPagesLastId() async throws {
        let server = try HTTPTestServer { request in
            let (numbers, hasMore) = switch request.query("starting_after") {
            case nil: ([1, 2], true)
            case "txr_2"?: ([3, 4], true)
            default: ([5], false)
            }
            return .json(Self.stripeList(numbers, hasMore: hasMore))
        }
        let stripe = StripeTaxRatesClient.Builder(environment: .custom(server.server())).build()

        var names: [String] = []
        for try await rate in stripe.getTaxRatesPages(limit: 2).items {
            names.append(rate.displayName)
        }

        #expect(names == ["VAT 1", "VAT 2", "VAT 3", "VAT 4", "VAT 5"])
        #expect(server.requests.map { $0.query("starting_after") } == [nil, "txr_2", "txr_4"])
        #expect(server.requests.allSatisfy { $0.path == "/v1/tax_rates" && $0.query("limit") == "2" })
    }

    static func stripeList(_ numbers: [Int], hasMore: Bool) -> String {
        let rates = numbers.map {
            #"{"id": "txr_\#($0)", "object": "tax_rate", "active": true, "created": 1577836800, "display_name": "VAT \#($0)", "inclusive": false, "livemode": false, "metadata": {}, "percentage": 20.0}"#
        }
        return #"{"object": "list", "url": "/v1/tax_rates", "has_more": \#(hasMore), "data": [\#(rates.joined(separator: ","))]}"#
    }

    /// Stripe's items can be limited to a number: no page after the one holding the last is asked for.
    @Test func aLimitToSomeItemsAsksForNoFurtherPage() async throws {
        let server = try HTTPTestServer { request in
            let after = request.query("starting_after").flatMap { Int($0.dropFirst(4)) } ?? 0
            return .json(Self.stripeList([after + 1, after + 2], hasMore: true))
        }
        let stripe = StripeTaxRatesClient.Builder(environment: .custom(server.server())).build()

        var ids: [String] = []
        for try await rate in stripe.getTaxRatesPages(limit: 2).items.prefix(3) {
            ids.append(rate.id)
        }
        var pages = 0
        for try await _ in stripe.getTaxRatesPages(limit: 2).limited(toPages: 2) {
            pages += 1
        }

        #expect(ids == ["txr_1", "txr_2", "txr_3"])
        #expect(pages == 2)
        #expect(server.requests.map { $0.query("starting_after") } == [nil, "txr_2", nil, "txr_2"])
    }

    /// Slack's methods: `response_metadata.next_cursor` is sent back as `cursor`; an empty one
    /// ends the list.
    @Test func slackScheduledMessagesFollowTheNextCursor() async throws {
        let server = try HTTPTestServer { request in
            let (ids, next) = switch request.query("cursor") {
            case nil: (["Q1298393284", "Q1298393285"], "dGVhbTpDMDYxRkE1UEI=")
            default: (["Q1298393286"], "")
            }
            let messages = ids.map { #"{"id": "\#($0)", "channel_id": "C1H9RESGL", "post_at": 1551991429, "date_created": 1551891734, "text": "Here's a message for you in the future"}"# }
            return .json(#"{"ok": true, "scheduled_messages": [\#(messages.joined(separator: ","))], "response_metadata": {"next_cursor": "\#(next)"}}"#)
        }
        let slack = SlackClient.Builder(environment: .custom(server.server(basePath: "/api"))).slackAuth(BearerTokenAuthenticator.Token(accessToken: "xoxb")).build()

        var ids: [String] = []
        for try await message in slack.chatScheduledMessagesListPages(limit: 2, channel: "C1H9RESGL").items {
            ids.append(message.id)
        }

        #expect(ids == ["Q1298393284", "Q1298393285", "Q1298393286"])
        #expect(server.requests.map { $0.query("cursor") } == [nil, "dGVhbTpDMDYxRkE1UEI="])
        #expect(server.requests.allSatisfy { $0.path == "/api/chat.scheduledMessages.list" && $0.query("channel") == "C1H9RESGL" })
    }

    /// Google's lists: `nextPageToken` is sent back as `pageToken`; the last page has none.
    @Test func googleTaskListsFollowTheNextPageToken() async throws {
        let server = try HTTPTestServer { request in
            let (titles, token): ([String], String?) = switch request.query("pageToken") {
            case nil: (["Groceries", "Work"], "CgwI")
            case "CgwI"?: (["Trips", "Books"], "CgwJ")
            default: (["Garden"], nil)
            }
            return .json(Self.taskLists(titles, next: token))
        }
        let tasks = Self.tasks(server)

        var titles: [String] = []
        for try await list in tasks.tasksTasklistsListPages(maxResults: "2").items {
            titles.append(list.title ?? "")
        }

        #expect(titles == ["Groceries", "Work", "Trips", "Books", "Garden"])
        #expect(server.requests.map { $0.query("pageToken") } == [nil, "CgwI", "CgwJ"])
        #expect(server.requests.allSatisfy { $0.path == "/tasks/v1/users/@me/lists" && $0.query("maxResults") == "2" && $0.header("Authorization") == "Bearer ya29" })
    }

    /// Google's document asks for its two OAuth schemes together.
    static func tasks(_ server: HTTPTestServer) -> TasksClient {
        let token = BearerTokenAuthenticator.Token(accessToken: "ya29")
        return TasksClient.Builder(environment: .custom(server.server(basePath: "/tasks/v1"))).oauth2(token).oauth2c(token).build()
    }

    static func taskLists(_ titles: [String], next: String?) -> String {
        let items = titles.map { #"{"kind": "tasks#taskList", "id": "\#($0.lowercased())", "title": "\#($0)", "updated": "2024-05-01T12:00:00.000Z"}"# }
        let token = next.map { #", "nextPageToken": "\#($0)""# } ?? ""
        return #"{"kind": "tasks#taskLists", "etag": "\"e1\"", "items": [\#(items.joined(separator: ","))]\#(token)}"#
    }

    /// A token that comes back ends the list with an error after its page, instead of looping.
    @Test func aRepeatedPageTokenEndsTheListWithAnError() async throws {
        let server = try HTTPTestServer { request in
            .json(Self.taskLists(request.query("pageToken") == nil ? ["Groceries"] : ["Work"], next: "CgwI"))
        }
        let tasks = Self.tasks(server)

        var titles: [String] = []
        do {
            for try await list in tasks.tasksTasklistsListPages().items { titles.append(list.title ?? "") }
            Issue.record("the pages ended without an error")
        } catch {
            guard case .decoding(let failure as PaginationError, _) = error else { Issue.record("expected a PaginationError, got \(error)"); return }
            #expect(failure.repeated == "CgwI")
        }
        #expect(titles == ["Groceries", "Work"])
        #expect(server.requests.map { $0.query("pageToken") } == [nil, "CgwI"])
    }

    /// Rebilly's collections: `offset` grows by each page's items, up to the list's length its
    /// declared `Pagination-Total` header gives; no empty page is asked for.
    @Test func rebillyProductsEndAtTheTotalItsHeaderGives() async throws {
        let names = ["Basic", "Plus", "Pro"]
        let server = try HTTPTestServer { request in
            let offset = Int(request.query("offset") ?? "0") ?? 0
            let page = names.dropFirst(offset).prefix(Int(request.query("limit") ?? "") ?? 100)
            let products = page.map { #"{"id": "\#($0.lowercased())", "name": "\#($0)", "unitLabel": "seat"}"# }
            return CannedResponse(
                headers: [("Content-Type", "application/json"), ("Pagination-Total", "3"), ("Pagination-Offset", "\(offset)")],
                body: Data("[\(products.joined(separator: ","))]".utf8)
            )
        }
        let rebilly = RebillyClient.Builder(environment: .custom(server.server(basePath: "/v2.1"))).secretApiKey("sk").build()

        var received: [String] = []
        for try await product in rebilly.getProductCollectionPages(limit: 2).items {
            received.append(product.name)
        }

        #expect(received == names)
        #expect(server.requests.map { $0.query("offset") } == [nil, "2"])
        #expect(server.requests.allSatisfy { $0.path == "/v2.1/products" && $0.query("limit") == "2" && $0.header("REB-APIKEY") == "sk" })
    }

    /// Gitea's lists: `page` counts up from 1; the page after a short one is empty and ends it.
    @Test func giteaTopicsEndAfterAShortPage() async throws {
        let topics = ["swift", "http", "openapi"]
        let server = try HTTPTestServer { request in
            let page = Int(request.query("page") ?? "1") ?? 1, limit = Int(request.query("limit") ?? "") ?? 10
            let names = topics.dropFirst((page - 1) * limit).prefix(limit).map { #""\#($0)""# }
            return .json(#"{"topics": [\#(names.joined(separator: ","))]}"#)
        }
        let gitea = GiteaAPIClient.Builder(environment: .custom(server.server(basePath: "/api/v1"))).build()

        var received: [String] = []
        for try await topic in gitea.repoListTopicsPages(owner: "gitea", repo: "tea", limit: 2).items {
            received.append(topic)
        }

        #expect(received == topics)
        #expect(server.requests.map { $0.query("page") } == [nil, "2", "3"])
        #expect(server.requests.allSatisfy { $0.path == "/api/v1/repos/gitea/tea/topics" && $0.query("limit") == "2" })
    }
}
