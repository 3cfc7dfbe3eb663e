import Foundation
import StrategyKit
import TestServer
import Testing

/// The client generated from `specs/vk.yaml`: errors in the body at HTTP 200, data under
/// `response`, the token and API version in the query.
@Suite struct VKClientTests {
    let server: HTTPTestServer
    let vk: VKClient

    init() throws {
        server = try HTTPTestServer { request in
            guard request.query("v") == "5.131" else { return .json(#"{"error": {"error_code": 8, "error_msg": "Invalid request: v is required"}}"#) }
            switch request.query("access_token") {
            case "good": break
            case "busy": return .json(#"{"error": {"error_code": 6, "error_msg": "Too many requests per second"}}"#)
            case "odd": return .json(#"{"error": {"error_code": 100, "error_msg": "One of the parameters specified was missing or invalid"}}"#)
            case "robot":
                return .json(#"""
                    {"error": {"error_code": 14, "error_msg": "Captcha needed", "captcha_sid": "548",
                     "captcha_img": "https://api.vk.com/captcha.php?sid=548"}}
                    """#)
            case "muted": return .json(#"{"error": {"error_code": 214, "error_msg": "Access to adding post denied"}}"#)
            case "garbled": return .json(#"{"response": {"count": "many"}}"#)
            default: return .json(#"{"error": {"error_code": 5, "error_msg": "User authorization failed"}}"#)
            }
            switch request.path {
            case "/method/wall.get":
                return .json(#"""
                    {"response": {"count": 2, "items": [
                      {"id": 10, "owner_id": 1, "from_id": 1, "date": 1714564800, "text": "first", "post_type": "post",
                       "likes": {"count": 3, "user_likes": 1},
                       "attachments": [
                         {"type": "photo", "photo": {"id": 456, "owner_id": 1, "text": "sunset"}},
                         {"type": "link", "link": {"url": "https://vk.com/dev", "title": "VK for developers"}},
                         {"type": "poll", "poll": {"id": 7, "question": "Tea or coffee?"}}
                       ]},
                      {"id": 11, "owner_id": 1, "from_id": 2, "date": 1714568400, "text": "second", "post_type": "story"},
                      {"id": 12, "owner_id": 1, "from_id": 2, "date": 1714572000, "text": "third"}
                    ]}}
                    """#)
            case "/method/wall.post":
                return .json(#"{"response": {"post_id": 99}}"#)
            default:
                return .text("no such method", status: 404)
            }
        }
        vk = VKClient.Builder(environment: .custom(server.server(basePath: "/method"))).token("good").build()
    }

    @Test func getsTheWallUnwrappedFromResponse() async throws {
        let wall = try await vk.getWall(ownerId: 1, count: 3)

        #expect(wall.count == 2)
        #expect(wall.items.map(\.text) == ["first", "second", "third"])
        #expect(wall.items[0].date == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(wall.items[0].likes?.count == 3)
        #expect(wall.items[0].likes?.userLikes == 1)
        let request = try #require(server.requests.last)
        #expect(request.query("owner_id") == "1")
        #expect(request.query("count") == "3")
        #expect(request.query("offset") == nil)
        #expect(request.query("extended") == "1")
    }

    @Test func aCountTheServerAssumesIsNotSentAndTheConstantAlwaysIs() async throws {
        _ = try await vk.getWall(ownerId: 1)

        let request = try #require(server.requests.last)
        #expect(request.query("count") == nil)
        #expect(request.query("extended") == "1")
    }

    /// A caller that sees only a role protocol gets the labelled methods too.
    @Test func aRoleProtocolIsEnoughToCallWithLabels() async throws {
        func postAndCount(on wall: some WallGettable & WallPostable) async throws -> (post: Int, count: Int) {
            let post = try await wall.postWall(ownerId: 1, message: "hello")
            return (post.postId, try await wall.getWallCount(ownerId: 1))
        }

        let result = try await postAndCount(on: vk)

        #expect(result.post == 99)
        #expect(result.count == 2)
        #expect(server.requests.map(\.path) == ["/method/wall.post", "/method/wall.get"])
    }

    @Test func unknownEnumValuesAndMissingDefaultsDecode() async throws {
        let wall = try await vk.getWall(ownerId: 1)

        #expect(wall.items[0].postType == .post)
        #expect(wall.items[1].postType == .unknown("story"))
        #expect(wall.items[2].postType == .post)
    }

    @Test func getsThePostCountAsAnInt() async throws {
        let count: Int = try await vk.getWallCount(ownerId: 1)

        #expect(count == 2)
    }

    @Test func postsAFormAndDecodesTheInlineOutput() async throws {
        let posted = try await vk.postWall(ownerId: 1, message: "Hello, wall & friends", friendsOnly: true)

        #expect(posted.postId == 99)
        let request = try #require(server.requests.last)
        #expect(request.method == "POST")
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(request.form == ["owner_id": "1", "message": "Hello, wall & friends", "friends_only": "1"])
        #expect(request.query("access_token") == "good")
    }

    /// A caller's `catch` knows what a generated method throws, and a `switch` over it is
    /// exhaustive without a default: the API's errors, no response (by kind), credentials, a
    /// body that didn't decode (kept), and a request that couldn't be made.
    @Test func aCallersSwitchCoversEveryFailureWithoutADefault() async throws {
        func outcome(_ client: VKClient) async -> String {
            do {
                return "\(try await client.getWall(ownerId: 1).count) posts"
            } catch {
                switch error {
                case .api(.invalidAccessToken): return "sign in again"
                case .api(let error): return "API error \(error)"
                case .transport(let error): return "no response: \(error.kind)"
                case .authentication: return "no credentials"
                case .decoding(_, let body): return "undecodable: \(String(decoding: body, as: UTF8.self))"
                case .request, .other: return "not sent"
                }
            }
        }
        let builder = VKClient.Builder(environment: .custom(server.server(basePath: "/method"))).retry(.never)
        let refusing = try RefusingPort()
        let closed = Server(scheme: "http", host: "127.0.0.1", port: refusing.port)

        #expect(await outcome(builder.token("good").build()) == "2 posts")
        #expect(await outcome(builder.token("expired").build()) == "sign in again")
        #expect(await outcome(builder.token("garbled").build()) == #"undecodable: {"response": {"count": "many"}}"#)
        #expect(await outcome(VKClient.Builder(environment: .custom(closed)).retry(.never).token("good").build()) == "no response: cannotConnect")
        withExtendedLifetime(refusing) {}
    }

    @Test func anErrorInTheBodyAtHTTP200BecomesItsCase() async throws {
        let expired = VKClient.Builder(environment: .custom(server.server(basePath: "/method"))).token("expired").build()
        let busy = VKClient.Builder(environment: .custom(server.server(basePath: "/method"))).token("busy").retry(.never).build()

        #expect(await failure(WallError.self) { try await expired.getWall(ownerId: 1) }?.api == .invalidAccessToken(message: "User authorization failed"))
        #expect(await failure(VKError.self) { try await busy.getWallCount(ownerId: 1) }?.api == .tooManyRequests(message: "Too many requests per second"))
    }

    /// VK's global codes are written once in `VKError` and included by `WallError`, beside the
    /// wall's own codes; every case keeps VK's message.
    @Test func theWallsErrorsHaveTheGlobalCodesAndTheirOwn() async throws {
        func client(_ token: String) -> VKClient {
            VKClient.Builder(environment: .custom(server.server(basePath: "/method"))).token(token).retry(.never).build()
        }

        let global = await failure(WallError.self) { try await client("busy").postWall(message: "hi") }?.api
        let own = await failure(WallError.self) { try await client("muted").postWall(message: "hi") }?.api

        #expect(global == .tooManyRequests(message: "Too many requests per second"))
        #expect(own == .postingDenied(message: "Access to adding post denied"))
        #expect(own?.message == "Access to adding post denied")
    }

    /// The captcha case keeps what a retry needs from the error body.
    @Test func aCaptchaErrorKeepsItsSidAndImage() async throws {
        let robot = VKClient.Builder(environment: .custom(server.server(basePath: "/method"))).token("robot").build()

        let error = await failure(WallError.self) { try await robot.getWall(ownerId: 1) }?.api

        guard case .captchaNeeded(let sid, let image, let message)? = error else {
            Issue.record("expected the captcha case, got \(String(describing: error))")
            return
        }
        #expect(sid == "548")
        #expect(image == "https://api.vk.com/captcha.php?sid=548")
        #expect(message == "Captcha needed")
    }

    @Test func anUnlistedErrorCodeKeepsCodeAndMessage() async throws {
        let odd = VKClient.Builder(environment: .custom(server.server(basePath: "/method"))).token("odd").build()

        let error = await failure(WallError.self) { try await odd.getWall(ownerId: 1) }?.api
        guard case .unknown(let status, let code, let message, _)? = error else {
            Issue.record("expected the unknown case, got \(String(describing: error))")
            return
        }
        #expect(status == 200)
        #expect(code == 100)
        #expect(message == "One of the parameters specified was missing or invalid")
    }

    @Test func attachmentsDecodeByTheirTypeAndAnUnknownKindIsKept() async throws {
        let wall = try await vk.getWall(ownerId: 1)

        let attachments = try #require(wall.items[0].attachments)
        guard attachments.count == 3,
              case .photo(let photo) = attachments[0], case .link(let link) = attachments[1], case .unknown(let poll) = attachments[2] else {
            Testing.Issue.record("expected a photo, a link and an unknown kind: \(attachments)")
            return
        }
        #expect(photo.photo.text == "sunset")
        #expect(link.link.url == URL(string: "https://vk.com/dev"))
        #expect(poll["type"] == "poll")
        #expect(poll["poll"]?["question"] == "Tea or coffee?")
        #expect(wall.items[1].attachments == nil)
    }

    @Test func roleProtocolsHideWhatACallerDoesNotNeed() async throws {
        func latestText(from wall: some WallGettable) async throws -> String? {
            try await wall.getWall(GetWall.Input(ownerId: 1, count: 1)).items.first?.text
        }

        #expect(try await latestText(from: vk) == "first")
    }

    @Test func aStubbedClientAnswersFromTheSpecsExamplesWithoutTheNetwork() async throws {
        let stubbed = VKClient.stubbed()

        let wall = try await stubbed.getWall(ownerId: 1)
        let count = try await stubbed.getWallCount()
        let posted = try await stubbed.postWall(message: "hi")

        #expect(wall.items.map(\.text) == ["Hello from a stub"])
        if case .link(let link)? = wall.items.first?.attachments?.first {
            #expect(link.link.title == "VK for developers")
        } else {
            Testing.Issue.record("expected the example's link")
        }
        #expect(count == 1)
        #expect(posted.postId == 2)
        #expect(server.requests.isEmpty)
    }
}
