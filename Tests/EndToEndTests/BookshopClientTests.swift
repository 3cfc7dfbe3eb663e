import Foundation
import StrategyKit
import TestServer
import Testing

/// The client imported from the OpenAPI document `bookshop.yaml`: parameters in the query, a
/// path and a header, a JSON body made of `allOf` parts, a form body, responses by status,
/// security schemes per operation, and a document's dates, maps and nullable values.
@Suite struct BookshopClientTests {
    let server: HTTPTestServer
    let shop: BookshopClient

    static let book = #"""
    {"isbn": "978-0", "title": "Dune", "genre": "science-fiction", "price": {"amount": 9.5, "currency": "EUR"},
     "published": "1965-08-01", "ratings": {"goodreads": 4}, "series": {"name": "Dune", "books": []}}
    """#

    /// A PNG's first bytes, which no JSON decoder would take.
    static let cover = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF])

    init() throws {
        server = try HTTPTestServer { request in
            switch (request.method, request.path) {
            case ("GET", "/v1/books"):
                return .json("[\(Self.book)]")
            case ("POST", "/v1/books"):
                let sent = (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any]) ?? [:]
                guard sent["title"] as? String == "Dune" else { return .json(#"{"message": "a title is needed", "code": 12}"#, status: 400) }
                return .json(Self.book, status: 201)
            case ("GET", "/v1/books/978-0/editions"):
                return .json(#"""
                [{"medium": "print", "pages": 412}, {"medium": "ebook", "formats": ["epub"], "drm": {"lcp": true, "expires": null}},
                 {"medium": "audio", "minutes": 1260}]
                """#)
            case ("GET", "/v1/books/978-0/reviews"):
                switch request.queryItems.first(where: { $0.name == "cursor" })?.value {
                case nil: return .json(#"{"reviews": ["A classic.", "Long."], "next_cursor": "c2"}"#)
                case "c2": return .json(#"{"reviews": ["Sandy."]}"#)
                default: return CannedResponse(status: 400)
                }
            case ("GET", "/v1/books/978-0/stock"):
                return .json(#"{"data": {"count": 3}}"#)
            case ("GET", "/v1/books/000/stock"):
                return .json(#"{"error": {"code": 7, "message": "sold out"}}"#)
            case ("GET", "/v1/books/111/stock"):
                return .json(#"{"error": {"code": 99, "message": "try later"}}"#)
            case ("GET", "/v1/books/978-0/cover"):
                return CannedResponse(headers: [("Content-Type", "image/png")], body: Self.cover)
            case ("GET", "/v1/books/503/cover"):
                return .json(#"{"message": "store down"}"#, status: 503)
            case ("GET", "/v1/books/418/cover"):
                return .json(#"{"message": "a teapot"}"#, status: 418)
            case ("GET", "/v1/books/409/cover"):
                return .text("not JSON", status: 409)
            case ("GET", "/v1/books/978-0"):
                var response = CannedResponse.json(Self.book)
                response.headers += [("ETag", "\"v7\""), ("X-Stock", "3")]
                return response
            case ("GET", "/v1/basket"):
                return .json(#"["978-0"]"#)
            case ("GET", _):
                return .json(#"{"message": "no such book"}"#, status: 404)
            case ("DELETE", "/v1/books/978-0"):
                return CannedResponse(status: 204)
            case ("POST", "/v1/orders"):
                return .json(#"{"id": 31, "placed_at": "2026-11-23T10:00:00Z", "note": null}"#)
            default:
                return CannedResponse(status: 500)
            }
        }
        shop = BookshopClient.Builder(environment: .custom(server.server(basePath: "/v1")))
            .bearer(BearerTokenAuthenticator.Token(accessToken: "reader"))
            .apiKey("clerk")
            .visitor("v-42")
            .build()
    }

    @Test func listsBooksWithTheQueryTheDocumentDescribes() async throws {
        let books = try await shop.listBooks(genre: .scienceFiction, limit: 5, tag: ["classic", "desert"], fields: ["isbn", "title"])

        let request = try #require(server.requests.last)
        #expect(request.queryItems.map { "\($0.name)=\($0.value ?? "")" }.sorted() == ["fields=isbn,title", "format=full", "genre=science-fiction", "limit=5", "tag=classic", "tag=desert"])
        #expect(request.header("Authorization") == "Bearer reader")
        #expect(request.header("X-API-Key") == nil)
        let book = try #require(books.first)
        #expect(book.genre == .scienceFiction)
        #expect(book.price.amount == 9.5)
        #expect(book.ratings == ["goodreads": 4])
        #expect(book.series?.name == "Dune")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        #expect(book.published.map { calendar.dateComponents([.year, .month, .day], from: $0) } == DateComponents(year: 1965, month: 8, day: 1))
    }

    @Test func aParametersDefaultIsLeftToTheServerAndAOneValueEnumIsAlwaysSent() async throws {
        _ = try await shop.listBooks()

        #expect(server.requests.last?.queryItems.map { "\($0.name)=\($0.value ?? "")" } == ["format=full"])
    }

    @Test func addsABookWhoseBodyJoinsTheAllOfParts() async throws {
        let book = try await shop.addBook(body: NewBook(title: "Dune", genre: .scienceFiction, price: Price(amount: 9.5, currency: "EUR")))

        #expect(book.isbn == "978-0")
        let sent = try #require(server.requests.last)
        #expect(String(decoding: sent.body, as: UTF8.self) == #"{"genre":"science-fiction","price":{"amount":9.5,"currency":"EUR"},"title":"Dune"}"#)
    }

    @Test func errorStatusesBecomeTheCasesOfTheAPIsErrorWithTheirPayloads() async throws {
        #expect(await failure(BookshopError.self) {
            try await shop.addBook(body: NewBook(title: "", genre: .poetry))
        }?.api == .badRequest(Problem(message: "a title is needed", code: 12), message: nil))
        #expect(await failure(BookshopError.self) {
            try await shop.getBook(isbn: "000")
        }?.api == .notFound(Problem(message: "no such book"), message: nil))
    }

    @Test func aStatusRangeTakesWhatNoExactStatusDoesAndDefaultWhatDecodesAsItsPayload() async throws {
        #expect(await failure(BookshopError.self) {
            try await shop.getCover(isbn: "503")
        }?.api == .serverError(statusCode: 503, Problem(message: "store down"), message: nil))
        #expect(await failure(BookshopError.self) {
            try await shop.getCover(isbn: "418")
        }?.api == .otherError(statusCode: 418, Problem(message: "a teapot"), message: nil))
        #expect(await failure(BookshopError.self) {
            try await shop.getCover(isbn: "000")
        }?.api == .notFound(Problem(message: "no such book"), message: nil))
        let unknown = await failure(BookshopError.self) { try await shop.getCover(isbn: "409") }?.api
        guard case .unknown(409, _, _, _)? = unknown else {
            Issue.record("expected an unknown error, got \(String(describing: unknown))")
            return
        }
    }

    @Test func theDocumentsExtensionsUnwrapTheOutputAndReadErrorsInTheBody() async throws {
        #expect(try await shop.countStock(isbn: "978-0") == 3)
        #expect(await failure(BookshopError.self) {
            try await shop.countStock(isbn: "000")
        }?.api == .outOfStock(message: "sold out"))
        let unknown = await failure(BookshopError.self) { try await shop.countStock(isbn: "111") }?.api
        guard case .unknown(let status, let code, let message, _)? = unknown else {
            Issue.record("expected an unknown error, got \(String(describing: unknown))")
            return
        }
        #expect(status == 200 && code == 99 && message == "try later")
    }

    @Test func aOneOfWithADiscriminatorTellsTheEditionsApartAndKeepsAnUnknownOne() async throws {
        let editions = try await shop.listEditions(isbn: "978-0")

        #expect(editions.count == 3)
        guard case .print(let print) = editions[0], case .ebook(let ebook) = editions[1], case .unknown(let other) = editions[2] else {
            Issue.record("expected a print edition, an ebook and an unknown edition, got \(editions)")
            return
        }
        #expect(print.pages == 412)
        #expect(ebook.formats == ["epub"])
        #expect(ebook.drm == ["lcp": true, "expires": .null])
        #expect(other["minutes"] == 1260)
    }

    @Test func reviewsComePageByPageWithTheirFilterInNestedKeys() async throws {
        var reviews: [String] = []
        for try await review in shop.listReviewsPages(isbn: "978-0", stars: ListReviewsStars(min: 4)).items {
            reviews.append(review)
        }

        #expect(reviews == ["A classic.", "Long.", "Sandy."])
        let pages = server.requests.filter { $0.path == "/v1/books/978-0/reviews" }
        #expect(pages.map { $0.queryItems.map { "\($0.name)=\($0.value ?? "")" }.sorted() } == [
            ["stars[min]=4"],
            ["cursor=c2", "stars[min]=4"],
        ])
    }

    @Test func aCoverGoesToTheMediaHostTheOperationNamesWithTheAPIsCredentials() async throws {
        let media = try HTTPTestServer { _ in CannedResponse(status: 204) }
        let client = BookshopClient.Builder(environment: .custom(server.server(basePath: "/v1")))
            .bearer(BearerTokenAuthenticator.Token(accessToken: "reader"))
            .replacing(Server(host: "media.bookshop.example.com", basePath: "/v1"), with: media.server(basePath: "/v1"))
            .build()

        try await client.uploadCover(isbn: "978-0", body: Data([0xFF, 0xD8]))

        let upload = try #require(media.requests.last)
        #expect(upload.method == "PUT" && upload.path == "/v1/books/978-0/cover")
        #expect(upload.header("Content-Type") == "image/jpeg" && upload.body == Data([0xFF, 0xD8]))
        #expect(upload.header("Authorization") == "Bearer reader")
        #expect(!server.requests.contains { $0.path.hasSuffix("/cover") })
    }

    @Test func aCoverThatIsNoJSONComesBackAsTheBytesTheServerSent() async throws {
        let cover = try await shop.getCover(isbn: "978-0")

        #expect(cover == Self.cover)
        #expect(server.requests.last?.header("Authorization") == nil)
    }

    @Test func aCookieParameterAndTheVisitorsKeyGoInOneCookieHeaderOnlyWhereTheyBelong() async throws {
        let basket = try await shop.viewBasket(currency: "EUR")
        _ = try await shop.listBooks()

        #expect(basket == ["978-0"])
        #expect(server.requests.map { $0.header("Cookie") } == ["currency=EUR; visitor_id=v-42", nil])
    }

    @Test func aPathParameterOfThePathItemAndAHeaderParameterAreSent() async throws {
        let id = UUID()

        let book = try await shop.getBook(isbn: "978-0", xRequestID: id)

        #expect(book.title == "Dune")
        #expect(book.headers == GetBook.Headers(eTag: "\"v7\"", xStock: 3))
        #expect(server.requests.last?.header("X-Request-ID") == id.uuidString.lowercased())
    }

    @Test func eachOperationSendsTheCredentialsItsSecurityNames() async throws {
        try await shop.removeBook(isbn: "978-0")
        let order = try await shop.placeOrder(isbn: "978-0", quantity: 2)

        let removal = server.requests[server.requests.count - 2]
        #expect(removal.header("X-API-Key") == "clerk")
        #expect(removal.header("Authorization") == nil)
        let ordering = try #require(server.requests.last)
        #expect(ordering.header("Authorization") == nil && ordering.header("X-API-Key") == nil)
        #expect(String(decoding: ordering.body, as: UTF8.self) == "isbn=978-0&quantity=2")
        #expect(order.id == 31)
        #expect(order.placedAt == Date(timeIntervalSince1970: 1_795_428_000))
        #expect(order.note == nil)
    }
}
