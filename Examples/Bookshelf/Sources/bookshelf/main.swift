import BookshelfAPI
import Foundation
import StrategyKit

/// Lists the shelf, looks up a book that isn't there, signs in and adds a book, printing what
/// the server answered. Usage: bookshelf http://127.0.0.1:8080/v1
@main
struct Bookshelf {
    static func main() async {
        guard CommandLine.arguments.count == 2, let url = URLComponents(string: CommandLine.arguments[1]), let host = url.host else {
            print("usage: bookshelf SERVER-URL (e.g. http://127.0.0.1:8080/v1)")
            exit(64)
        }
        let server = Server(scheme: url.scheme ?? "http", host: host, port: url.port, basePath: url.path)
        let catalog = CatalogClient.Builder(environment: .custom(server)).retry(.never).build()
        do {
            try await browse(catalog)
            try await keep(catalog)
        } catch {
            print("error: \(error)")
            exit(1)
        }
    }

    /// Reading needs only the browsing role.
    static func browse(_ shelf: some BookBrowsing) async throws {
        print("The shelf holds \(try await shelf.countBooks()) books:")
        for book in try await shelf.listBooks() {
            print("  \(book.id). \(book)")
        }
        let byLeGuin = try await shelf.listBooks(author: 1)
        print("By author 1: \(byLeGuin.map(\.title).joined(separator: ", "))")
        do {
            _ = try await shelf.getBook(id: 999)
        } catch {
            guard case .api(.notFound(let message)) = error else { throw error }
            print("Book 999: not found (\(message ?? "no message"))")
        }
    }

    /// Adding needs a session: the client keeps the token `signIn` returns.
    static func keep(_ shelf: some BookKeeping) async throws {
        do {
            _ = try await shelf.addBook(title: "Anonymous", year: 2000, authorId: 1)
        } catch .authentication(.noCredentials) {
            print("Adding before signing in: not sent (no credentials)")
        }
        do {
            _ = try await shelf.signIn(username: "ada", password: "wrong")
        } catch .api(.signedOut) {
            print("Signing in with a wrong password: refused (signedOut)")
        }
        _ = try await shelf.signIn(username: "ada", password: "lovelace")
        let added = try await shelf.addBook(title: "The Dispossessed", year: 1974, authorId: 1)
        print("Signed in and added \"\(added.title)\" as book \(added.id)")
    }
}
