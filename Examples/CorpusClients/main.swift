// Calls three APIs whose OpenAPI documents were written by others (the OpenAPI Initiative's
// petstore, Redocly's museum and Swagger's petstore 3, 19 operations), through the clients the
// build plugin generates from them, against the loopback server in server.py. The server answers 400 to any request that isn't what the
// document describes, so each line printed is a request that went out as the document says.
import Foundation
import MuseumAPI
import PetstoreAPI
import PetstoreV3API
import StrategyKit

let port = Int(CommandLine.arguments[1])!
func server(_ basePath: String) -> Server {
    Server(scheme: "http", host: "127.0.0.1", port: port, basePath: basePath)
}
let petstore = SwaggerPetstoreClient(environment: .custom(server("/v1")))
let museum = RedoclyMuseumAPIClient(environment: .custom(server("/museum")))
let store = SwaggerPetstoreOpenAPI30Client.Builder(environment: .custom(server("/api/v3")))
    .petstoreAuth(BearerTokenAuthenticator.Token(accessToken: "token-1"))
    .apiKey("special-key")
    .build()

func day(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return formatter.date(from: text)!
}

do {
    let pets = try await petstore.listPets(limit: 2)
    print("pets:", pets.map { "\($0.id) \($0.name) (\($0.tag ?? "no tag"))" }.joined(separator: ", "))
    let pet = try await petstore.showPetById(petId: "7")
    print("pet 7:", pet.name)
    try await petstore.createPets()
    print("created a pet")
    do {
        _ = try await petstore.showPetById(petId: "404")
    } catch {
        switch error {
        case .api(.otherError(let status, let problem)): print("pet 404: status \(status), \(problem.message)")
        default: throw error
        }
    }

    let hours = try await museum.getMuseumHours(startDate: day("2026-11-23"), limit: 2)
    print("hours:", hours.map { "\($0.timeOpen)-\($0.timeClose)" }.joined(separator: ", "))
    let event = try await museum.createSpecialEvent(body: SpecialEvent(
        name: "Mermaid Treasure Identification and Analysis",
        location: "Under the seaweed",
        eventDescription: "Join us as we review and classify a rare collection of 20 thingamabobs.",
        dates: [day("2026-12-15")],
        price: 30
    ))
    let id = event.eventId!
    print("event:", event.name, "at", event.location)
    let cheaper = try await museum.updateSpecialEvent(eventId: id, body: SpecialEventFields(price: 15))
    print("event price:", cheaper.price)
    try await museum.deleteSpecialEvent(eventId: id)
    print("event deleted")
    do {
        _ = try await museum.getSpecialEvent(eventId: id)
    } catch {
        switch error {
        case .api(.notFound(let problem)): print("event gone:", problem?.title ?? "no title")
        default: throw error
        }
    }
    let ticket = try await museum.buyMuseumTicketsOperation(body: BuyMuseumTickets(
        email: "todd@example.com", ticketDate: day("2026-12-15"), ticketType: .general
    ))
    print("ticket:", ticket.confirmationCode, ticket.ticketType.rawValue)

    let added = try await store.addPet(body: PetstoreV3API.Pet(
        id: 10, name: "doggie", category: Category(id: 1, name: "Dogs"), photoUrls: ["https://example.com/doggie.png"],
        tags: [Tag(id: 1, name: "good")], status: .available
    ))
    print("store added:", added.name, added.status?.rawValue ?? "no status")
    let available = try await store.findPetsByStatus(status: .available)
    print("store available:", available.map(\.name).joined(separator: ", "))
    let renamed = try await store.updatePetWithForm(petId: 10, name: "rex")
    print("store renamed:", renamed.name)
    let receipt = try await store.uploadFile(petId: 10, additionalMetadata: "front", body: Data([0x89, 0x50, 0x4E, 0x47]))
    print("store upload:", receipt.message ?? "no message")
    let inventory = try await store.getInventory()
    print("store inventory:", inventory.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", "))
    let session = try await store.loginUser(username: "user1", password: "secret")
    print("store session:", session.output, "limit", session.headers.xRateLimit ?? 0)
    try await store.deletePet(petId: 10)
    print("store deleted pet 10")
} catch {
    print("error:", error)
    exit(1)
}
