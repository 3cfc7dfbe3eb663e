// Calls two APIs whose OpenAPI documents were written by others (the OpenAPI Initiative's
// petstore and Redocly's museum), through the clients the build plugin generates from them, against
// the loopback server in server.py. The server answers 400 to any request that isn't what the
// document describes, so each line printed is a request that went out as the document says.
import Foundation
import MuseumAPI
import PetstoreAPI
import StrategyKit

let port = Int(CommandLine.arguments[1])!
func server(_ basePath: String) -> Server {
    Server(scheme: "http", host: "127.0.0.1", port: port, basePath: basePath)
}
let petstore = SwaggerPetstoreClient(environment: .custom(server("/v1")))
let museum = RedoclyMuseumAPIClient(environment: .custom(server("/museum")))

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
        case .api(let response): print("pet 404: status \(response.response.status.code)")
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
} catch {
    print("error:", error)
    exit(1)
}
