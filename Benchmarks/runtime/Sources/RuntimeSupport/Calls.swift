import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOFoundationCompat
import StrategyKit
import StrategyKitAsyncHTTPClient

// The calls both the benchmarks and the quick run make: the whole chain on the stub transport,
// and each call through a generated client and through the raw transport, to a loopback server.

/// Runs `operation` `count` times at once and waits for all.
public func batch(_ count: Int, _ operation: @escaping @Sendable () async throws -> Void) async throws {
    if count == 1 { return try await operation() }
    try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<count { group.addTask { try await operation() } }
        try await group.waitForAll()
    }
}

public enum TransportKind: String, CaseIterable, Sendable {
    case urlSession = "URLSession"
    case asyncHTTPClient = "AsyncHTTPClient"
}

public enum Call: String, CaseIterable, Sendable {
    case small = "small JSON GET"
    case list = "100 KB JSON list"
    case post = "POST with a body"

    public static let newItem = NewItem(name: "kettle", price: 24.5, tags: ["kitchen", "steel"])

    public func send(through client: ItemsClient) async throws {
        switch self {
        case .small: keep(try await client.getItem(id: 7))
        case .list: keep(try await client.listItems())
        case .post: keep(try await client.createItem(body: Self.newItem))
        }
    }

    /// The same request through the transport's own API, decoded the same way.
    public func sendRaw(through transport: TransportKind) async throws {
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
        case .asyncHTTPClient where Clients.rawArrangement.usesTask:
            // The API the transport sends through: a task with a delegate that gathers the body.
            var headers = HTTPHeaders()
            if body != nil { headers.add(name: "Content-Type", value: "application/json") }
            let request = try HTTPClient.Request(url: url, method: self == .post ? .POST : .GET, headers: headers, body: body.map { .bytes($0) })
            let task = Clients.rawHTTPClient().execute(request: request, delegate: ResponseAccumulator(request: request), deadline: .now() + .seconds(60))
            let response = try await task.futureResult.get()
            guard response.status == .ok else { throw RawFailure() }
            data = response.body.map { Data(buffer: $0) } ?? Data()
        case .asyncHTTPClient:
            var request = HTTPClientRequest(url: url.absoluteString)
            request.method = self == .post ? .POST : .GET
            if let body {
                request.body = .bytes(ByteBuffer(data: body))
                request.headers.add(name: "Content-Type", value: "application/json")
            }
            let response = try await Clients.rawHTTPClient().execute(request, timeout: .seconds(60))
            guard response.status == .ok else { throw RawFailure() }
            data = Data(buffer: try await response.body.collect(upTo: 10 << 20))
        }
        if self == .list {
            keep(try JSONDecoder().decode([Item].self, from: data))
        } else {
            keep(try JSONDecoder().decode(Item.self, from: data))
        }
    }
}

struct RawFailure: Error {}

/// How the raw AsyncHTTPClient call is sent: through `execute(_:timeout:)` (as a newcomer to
/// AsyncHTTPClient would) or through a task with a `ResponseAccumulator` (as the transport does),
/// on one client over the whole event loop group or on one client per loop in turn (as the
/// transport's own clients are).
public enum RawArrangement: String, CaseIterable, Sendable {
    case shared
    case perLoop = "per-loop"
    case taskShared = "task-shared"
    case taskPerLoop = "task-per-loop"

    var usesTask: Bool { self == .taskShared || self == .taskPerLoop }
    var isPerLoop: Bool { self == .perLoop || self == .taskPerLoop }
}

/// A time in microseconds as the runners print it: microseconds below a millisecond,
/// milliseconds with two decimals above.
public func figure(_ microseconds: Double) -> String {
    microseconds >= 1000 ? String(format: "%.2f ms", microseconds / 1000) : String(format: "%.0f µs", microseconds)
}

/// Keeps `value` alive and unknown to the optimiser, as a benchmark's black hole does.
@inline(never) public func keep<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// The server and the clients, made once for the whole run.
public enum Clients {
    public static let server = try! LoopbackServer()

    public static let session = URLSession(configuration: .default)

    public static let http: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// How the raw AsyncHTTPClient call is sent; set once, before the first call.
    nonisolated(unsafe) public static var rawArrangement = RawArrangement.shared

    /// One client on each event loop, with the share of the connections the transport's own
    /// clients get.
    static let perLoop: [HTTPClient] = {
        let loops = Array(HTTPClient.defaultEventLoopGroup.makeIterator())
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        let connections = configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(1, (connections + loops.count - 1) / loops.count)
        return loops.map { HTTPClient(eventLoopGroup: $0, configuration: configuration) }
    }()

    private static let turn = NIOLockedValueBox(0)

    /// The client of the raw AsyncHTTPClient call's arrangement; the per-loop ones in turn.
    static func rawHTTPClient() -> HTTPClient {
        guard rawArrangement.isPerLoop else { return http }
        return perLoop[turn.withLockedValue { turn in
            turn &+= 1
            return turn % perLoop.count
        }]
    }

    public static let stubbed = ItemsClient.Builder()
        .transport(StubTransport([.init(.get, "/items/{id}", json: String(decoding: Payloads.item, as: UTF8.self))]))
        .middleware(.authentication(.apiKey(name: "X-Api-Key", value: "key", in: .header)))
        .build()

    public static let urlSession = ItemsClient(client: StrategyClient(server: loopback, transport: URLSessionTransport()))
    public static let asyncHTTPClient = ItemsClient(client: StrategyClient(server: loopback, transport: AsyncHTTPClientTransport()))

    public static var loopback: Server { Server(scheme: "http", host: "127.0.0.1", port: server.port) }

    public static func generated(_ transport: TransportKind) -> ItemsClient {
        switch transport {
        case .urlSession: urlSession
        case .asyncHTTPClient: asyncHTTPClient
        }
    }
}
