import Foundation
import StrategyKit
import TestServer
import Testing

/// VK's photo upload: the API returns an upload URL on another host, and the client sends the
/// photo there without the API's access token and version.
@Suite struct VKUploadTests {
    let api: HTTPTestServer
    let uploads: HTTPTestServer
    let vk: VKClient

    init() throws {
        let uploads = try HTTPTestServer { request in
            guard request.method == "POST", request.path == "/upload.php" else { return .text("no such page", status: 404) }
            return .json(#"{"server": 852, "photo": "[{\"photo\":\"a1\"}]", "hash": "f00d"}"#)
        }
        let uploadURL = "http://127.0.0.1:\(uploads.port)/upload.php?act=do_add&mid=1"
        api = try HTTPTestServer { request in
            guard request.path == "/method/photos.getWallUploadServer", request.query("access_token") == "good" else {
                return .json(#"{"error": {"error_code": 5, "error_msg": "User authorization failed"}}"#)
            }
            return .json(#"{"response": {"upload_url": "\#(uploadURL)", "album_id": -14, "user_id": 1}}"#)
        }
        self.uploads = uploads
        vk = VKClient.Builder(environment: .custom(api.server(basePath: "/method"))).token("good").build()
    }

    @Test func aPhotoGoesToTheReturnedURLWithoutTheAPIsTokenOrVersion() async throws {
        let server = try await vk.getWallUploadServer()
        let photo = RequestBody.File(filename: "cat.jpg", contentType: "image/jpeg", data: Data("jpeg".utf8))
        let uploaded = try await vk.uploadWallPhoto(uploadUrl: server.uploadUrl, photo: photo)

        #expect(uploaded.server == 852)
        #expect(uploaded.hash == "f00d")
        let apiRequest = try #require(api.requests.last)
        #expect(apiRequest.query("access_token") == "good")
        #expect(apiRequest.query("v") == "5.131")
        let upload = try #require(uploads.requests.last)
        #expect(upload.query == "act=do_add&mid=1")
        #expect(upload.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(String(decoding: upload.body, as: UTF8.self).contains(#"name="photo"; filename="cat.jpg""#))
    }

    @Test func aReturnedURLOnTheAPIsOwnOriginGetsItsTokenAsUsual() async throws {
        let own = try #require(URL(string: "http://127.0.0.1:\(api.port)/method/photos.getWallUploadServer"))
        _ = try? await vk.uploadWallPhoto(uploadUrl: own, photo: RequestBody.File(filename: "a", data: Data()))

        let request = try #require(api.requests.last)
        #expect(request.query("access_token") == "good")
        #expect(request.query("v") == "5.131")
    }
}
