import Foundation
import StrategyKit
import TestServer
import Testing

/// The client generated from `specs/petstore.yaml`: an API key header, JSON, form and
/// multipart bodies.
@Suite struct PetstoreClientTests {
    let server: HTTPTestServer
    let petstore: PetstoreClient

    init() throws {
        server = try HTTPTestServer { request in
            if request.method == "DELETE" {
                // Basic auth with the secret key as the user name and an empty password.
                guard request.header("Authorization") == "Basic c2tfYWRtaW46", request.header("X-API-Key") == nil else {
                    return .json(#"{"code": 401, "message": "not an admin"}"#, status: 401)
                }
            } else if request.header("X-API-Key") != "secret" {
                return .json(#"{"code": 401, "message": "no key"}"#, status: 401)
            }
            switch (request.method, request.path) {
            case ("POST", "/v3/pet"):
                var pet = (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]) ?? [:]
                pet["id"] = 7
                return CannedResponse(status: 200, headers: [("Content-Type", "application/json")], body: (try? JSONSerialization.data(withJSONObject: pet)) ?? Data())
            case ("GET", "/v3/pet/findByStatus"):
                return .json(#"[{"id": 1, "name": "Rex", "photo_urls": [], "status": "available"}, {"id": 2, "name": "Tom", "photo_urls": ["a.png"], "status": "pending", "tags": ["cat"]}]"#)
            case ("GET", "/v3/pet/404"):
                return .json(#"{"code": 1, "message": "Pet not found"}"#, status: 404)
            case ("POST", "/v3/pet/7"), ("DELETE", "/v3/pet/7"):
                return CannedResponse(status: 200)
            case ("POST", "/v3/pet/7/uploadImage"):
                return .json(#"{"code": 200, "message": "uploaded \#(request.body.count) bytes"}"#)
            default:
                return .json(#"{"code": 400, "message": "bad"}"#, status: 400)
            }
        }
        petstore = PetstoreClient.Builder(environment: .custom(server.server(basePath: "/v3"))).apiKey("secret").admin(username: "sk_admin").build()
    }

    @Test func addsAPetAsJSONWithTheKeyInAHeader() async throws {
        let pet = try await petstore.addPet(body: NewPet(name: "Rex", category: Category(id: 1, name: "Dogs"), photoUrls: [], status: .available))

        #expect(pet.id == 7)
        #expect(pet.category?.name == "Dogs")
        let request = try #require(server.requests.last)
        #expect(request.header("X-API-Key") == "secret")
        #expect(request.header("Content-Type") == "application/json")
        let sent = try JSONSerialization.jsonObject(with: request.body) as? [String: Any]
        #expect(sent?["photo_urls"] as? [String] == [])
        #expect(sent?["status"] as? String == "available")
    }

    @Test func findsPetsByRepeatedStatusItems() async throws {
        let pets = try await petstore.findPetsByStatus(status: [.available, .pending])

        #expect(pets.map(\.name) == ["Rex", "Tom"])
        #expect(pets[1].tags == ["cat"])
        #expect(server.requests.last?.query == "status=available&status=pending")
    }

    @Test func notFoundCarriesTheDecodedMessage() async throws {
        #expect(await failure(PetstoreError.self) {
            try await petstore.getPet(petId: 404)
        }?.api == PetstoreError.notFound(ApiMessage(code: 1, message: "Pet not found")))
    }

    @Test func updatesWithAFormLeavingOutNilFields() async throws {
        try await petstore.updatePetWithForm(petId: 7, status: .sold)

        #expect(server.requests.last?.form == ["status": "sold"])
    }

    @Test func uploadsAFileAsMultipart() async throws {
        let image = Data(repeating: 0xAB, count: 4096)

        let result = try await petstore.uploadImage(
            petId: 7,
            additionalMetadata: "front",
            tags: ["dog", "brown"],
            takenOn: Date(timeIntervalSince1970: 1_700_000_000),
            file: RequestBody.File(filename: "rex.png", contentType: "image/png", data: image)
        )

        #expect(result.code == 200)
        let request = try #require(server.requests.last)
        let contentType = try #require(request.header("Content-Type"))
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let body = String(decoding: request.body, as: UTF8.self)
        #expect(body.contains(#"Content-Disposition: form-data; name="additionalMetadata""#))
        // A list is a part per element under the field's name, a date is text in its format.
        #expect(body.components(separatedBy: #"Content-Disposition: form-data; name="tags"\#r\#n\#r\#n"#).dropFirst().map { $0.prefix(while: { $0 != "\r\n" }) } == ["dog", "brown"])
        #expect(body.contains("Content-Disposition: form-data; name=\"takenOn\"\r\n\r\n2023-11-14T22:13:20Z\r\n"))
        #expect(body.contains(#"Content-Disposition: form-data; name="file"; filename="rex.png""#))
        #expect(request.body.firstRange(of: image) != nil)
    }

    @Test func sendsAnOptionalHeaderOnlyWhenGiven() async throws {
        try await petstore.deletePet(petId: 7, xReason: "adopted")
        try await petstore.deletePet(petId: 7)

        let deletes = server.requests.filter { $0.method == "DELETE" }
        #expect(deletes.map { $0.header("X-Reason") } == ["adopted", nil])
    }

    @Test func basicAuthTakesAUserNameAlone() async throws {
        try await petstore.deletePet(petId: 7)

        // base64("sk_admin:"): the user name, a colon, no password.
        #expect(server.requests.last?.header("Authorization") == "Basic c2tfYWRtaW46")
    }

    @Test func aMissingKeyIsRejectedByTheServer() async throws {
        let anonymous = PetstoreClient(environment: .custom(server.server(basePath: "/v3")))

        let error = await failure(PetstoreError.self) { try await anonymous.getPet(petId: 1) }?.api
        #expect(error == .unknown(statusCode: 401, body: Data(#"{"code": 401, "message": "no key"}"#.utf8)))
    }

    @Test func aStubbedClientAnswersFromTheSpecsExamplesWithoutTheNetwork() async throws {
        let pets = try await PetstoreClient.stubbed().findPetsByStatus(status: [.available])

        #expect(pets.map(\.id) == [1])
        #expect(pets.first?.name == "Rex")
        #expect(pets.first?.status == .available)
        #expect(pets.first?.photoUrls == [])
        #expect(server.requests.isEmpty)
    }

    @Test func aStubbedClientAnswersEveryStrategyOfTheSpec() async throws {
        let stubbed = PetstoreClient.stubbed()

        let pet = try await stubbed.getPet(petId: 1)
        let added = try await stubbed.addPet(body: NewPet(name: "Rex", photoUrls: []))
        try await stubbed.deletePet(petId: 1)
        try await stubbed.updatePetWithForm(petId: 1, name: "Rex")

        #expect(pet.category?.name == "Dogs")
        #expect(added.status == .pending)
        #expect(server.requests.isEmpty)
    }
}
