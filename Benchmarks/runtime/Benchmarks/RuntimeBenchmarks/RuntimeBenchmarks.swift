import AsyncHTTPClient
import Benchmark
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import NIOFoundationCompat
import StrategyKit
import StrategyKitAsyncHTTPClient

// Each benchmark's iteration is one request, or at concurrency 64 a batch of 64 requests sent
// at once; requests per second are `concurrency / time per iteration`.
//
// RUNTIME_BENCHMARK_QUICK=1 runs each benchmark briefly, as CI does: it shows that every path
// works and gives rough figures; the figures in RESULTS.md come from a full run.

let benchmarks: @Sendable () -> Void = {
    let quick = ProcessInfo.processInfo.environment["RUNTIME_BENCHMARK_QUICK"] != nil
    // RUNTIME_BENCHMARK_SECONDS runs each benchmark longer, e.g. to attach a profiler.
    let seconds = ProcessInfo.processInfo.environment["RUNTIME_BENCHMARK_SECONDS"].flatMap(Int.init)
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        warmupIterations: quick ? 3 : 50,
        maxDuration: seconds.map { .seconds($0) } ?? (quick ? .milliseconds(300) : .seconds(4)),
        maxIterations: quick ? 200 : 1_000_000
    )

    // The whole chain on the stub transport: retry and authentication middlewares, the
    // success check and decoding, with no network.
    Benchmark("chain on the stub transport, GET one item") { benchmark in
        let client = Clients.stubbed
        for _ in benchmark.scaledIterations {
            blackHole(try await client.getItem(id: 7))
        }
    }

    for transport in TransportKind.allCases {
        for call in Call.allCases {
            for concurrency in [1, 64] {
                let label = "\(transport.rawValue), \(call.rawValue), concurrency \(concurrency)"
                Benchmark("\(label), generated client") { benchmark in
                    let client = Clients.generated(transport)
                    for _ in benchmark.scaledIterations {
                        try await batch(concurrency) { try await call.send(through: client) }
                    }
                }
                Benchmark("\(label), raw transport") { benchmark in
                    for _ in benchmark.scaledIterations {
                        try await batch(concurrency) { try await call.sendRaw(through: transport) }
                    }
                }
            }
        }
    }
}

/// Runs `operation` `count` times at once and waits for all.
func batch(_ count: Int, _ operation: @escaping @Sendable () async throws -> Void) async throws {
    if count == 1 { return try await operation() }
    try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<count { group.addTask { try await operation() } }
        try await group.waitForAll()
    }
}

enum TransportKind: String, CaseIterable, Sendable {
    case urlSession = "URLSession"
    case asyncHTTPClient = "AsyncHTTPClient"
}

enum Call: String, CaseIterable, Sendable {
    case small = "small JSON GET"
    case list = "100 KB JSON list"
    case post = "POST with a body"

    static let newItem = NewItem(name: "kettle", price: 24.5, tags: ["kitchen", "steel"])

    func send(through client: ItemsClient) async throws {
        switch self {
        case .small: blackHole(try await client.getItem(id: 7))
        case .list: blackHole(try await client.listItems())
        case .post: blackHole(try await client.createItem(body: Self.newItem))
        }
    }

    /// The same request through the transport's own API, decoded the same way.
    func sendRaw(through transport: TransportKind) async throws {
        let url = URL(string: "http://127.0.0.1:\(Clients.server.port)\(self == .small ? "/items/7" : "/items")")!
        let body = self == .post ? try JSONEncoder().encode(Self.newItem) : nil
        let data: Data
        switch transport {
        case .urlSession:
            var request = URLRequest(url: url)
            request.httpMethod = self == .post ? "POST" : "GET"
            if let body {
                request.httpBody = body
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            let (received, response) = try await Clients.session.data(for: request)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw RawFailure() }
            data = received
        case .asyncHTTPClient:
            var request = HTTPClientRequest(url: url.absoluteString)
            request.method = self == .post ? .POST : .GET
            if let body {
                request.body = .bytes(ByteBuffer(data: body))
                request.headers.add(name: "Content-Type", value: "application/json")
            }
            let response = try await Clients.http.execute(request, timeout: .seconds(60))
            guard response.status == .ok else { throw RawFailure() }
            data = Data(buffer: try await response.body.collect(upTo: 10 << 20))
        }
        if self == .list {
            blackHole(try JSONDecoder().decode([Item].self, from: data))
        } else {
            blackHole(try JSONDecoder().decode(Item.self, from: data))
        }
    }
}

struct RawFailure: Error {}

/// The server and the clients, made once for the whole run.
enum Clients {
    static let server = try! LoopbackServer()

    static let session = URLSession(configuration: .default)

    static let http: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    static let stubbed = ItemsClient.Builder()
        .transport(StubTransport([.init(.get, "/items/{id}", json: String(decoding: Payloads.item, as: UTF8.self))]))
        .middleware(AuthenticationMiddleware(authenticator: APIKeyAuthenticator(name: "X-Api-Key", value: "key", in: .header)))
        .build()

    static let urlSession = ItemsClient(client: StrategyClient(server: loopback, transport: URLSessionTransport()))
    static let asyncHTTPClient = ItemsClient(client: StrategyClient(server: loopback, transport: AsyncHTTPClientTransport()))

    static var loopback: Server { Server(scheme: "http", host: "127.0.0.1", port: server.port) }

    static func generated(_ transport: TransportKind) -> ItemsClient {
        switch transport {
        case .urlSession: urlSession
        case .asyncHTTPClient: asyncHTTPClient
        }
    }
}
