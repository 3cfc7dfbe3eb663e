import Foundation
import StrategyKit
import StrategyKitAsyncHTTPClient
import TestServer
import Testing

/// Each transport keeps its limits when called directly, without a client's checks around it.
@Suite struct TransportFaultTests {
    typealias Kind = FaultConformanceTests.Kind

    /// Long enough for the request to reach the server before it ends, however busy the machine
    /// running the whole suite is, and far shorter than the server's hold.
    static let stallDeadline: TimeInterval = 5

    static func request(to server: FaultServer, _ path: String = "/fault") -> HTTPRequest {
        HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:\(server.port)\(path)")!)
    }

    /// A stall the transport's own deadline must end: the connect (and idle) timeout is far
    /// longer than the server holds, so a deadline that didn't fire ends in another kind
    /// when the server gives up, 90 s later.
    @Test(arguments: Kind.allCases, [
        Fault.stallMidBody(length: 1000, sent: 100, seconds: FaultConformanceTests.serverHold),
        Fault.stallBeforeHead(seconds: FaultConformanceTests.serverHold),
    ])
    func aStallEndsAtTheTransportsDeadline(kind: Kind, fault: Fault) async throws {
        let server = try FaultServer { _ in fault }
        defer { server.stop() }
        let limits = StrategyClient.Limits(timeout: Self.stallDeadline, connectTimeout: FaultConformanceTests.idleTimeout)

        let error = await #expect(throws: TransportError.self) {
            try await kind.transport.send(Self.request(to: server), body: nil, limits: limits)
        }

        #expect(error?.kind == .timedOut)
        #expect(server.requests.count == 1)
    }
}

extension TransportFaultTests {
    /// A body that never ends is given up at the size limit, as it arrives: a transport that
    /// gathered it all before counting would run into the deadline instead.
    @Test(arguments: Kind.allCases, [false, true])
    func anEndlessBodyEndsAtTheSizeLimit(kind: Kind, declared: Bool) async throws {
        let server = try FaultServer { _ in .endless(declared: declared) }
        defer { server.stop() }
        let limits = StrategyClient.Limits(timeout: 20, connectTimeout: 20, maximumResponseBytes: 1 << 20)

        let transport = kind.transport
        let request = Self.request(to: server)

        let error = await #expect(throws: TransportError.self) {
            try await failingIfHung(after: 60) { try await transport.send(request, body: nil, limits: limits) }
        }

        #expect(error?.kind == .responseTooLarge)
    }
}

extension TransportFaultTests {
    /// A TLS handshake with a server that answers in plain HTTP can't connect, on every
    /// transport: nothing was sent, as when the connection is refused.
    @Test(arguments: Kind.allCases)
    func aFailedTLSHandshakeCannotConnect(kind: Kind) async throws {
        let server = try FaultServer { _ in .respond(status: 200, body: Data("plain".utf8)) }
        defer { server.stop() }
        let request = HTTPRequest(method: .get, url: URL(string: "https://127.0.0.1:\(server.port)/fault")!)
        let transport = kind.transport

        let error = await #expect(throws: TransportError.self) {
            try await failingIfHung(after: 30) {
                try await transport.send(request, body: nil, limits: StrategyClient.Limits(timeout: 20, connectTimeout: 20))
            }
        }

        #expect(error?.kind == .cannotConnect, "\(String(describing: error))")
    }
}

extension TransportFaultTests {
    /// The connect timeout also bounds each wait for the next bytes: a body that stops mid-way
    /// ends at that limit, long before the deadline. Waited out, the stall ends in another kind
    /// (the server closes after 90 s, the deadline is 120 s).
    @Test(arguments: Kind.allCases)
    func aStallMidBodyEndsAtTheIdleLimit(kind: Kind) async throws {
        let server = try FaultServer { _ in .stallMidBody(length: 1000, sent: 100, seconds: FaultConformanceTests.serverHold) }
        defer { server.stop() }
        let limits = StrategyClient.Limits(timeout: FaultConformanceTests.idleTimeout, connectTimeout: 1)
        let transport = kind.transport
        let request = Self.request(to: server)

        let error = await #expect(throws: TransportError.self) {
            try await failingIfHung(after: 60) { try await transport.send(request, body: nil, limits: limits) }
        }

        #expect(error?.kind == .timedOut)
        #expect(server.requests.count == 1)
    }

    /// The idle limit counts from the last bytes, not from the request: a body whose bytes come
    /// more often than the limit arrives whole, however long it takes in all.
    @Test(arguments: Kind.allCases)
    func aBodyThatKeepsComingOutlastsTheIdleLimit(kind: Kind) async throws {
        let server = try FaultServer { _ in .trickle(length: 20, interval: 0.2) }
        defer { server.stop() }
        let limits = StrategyClient.Limits(timeout: 60, connectTimeout: 2)
        let transport = kind.transport
        let request = Self.request(to: server)

        let (response, body) = try await failingIfHung(after: 60) { try await transport.send(request, body: nil, limits: limits) }

        #expect(response.status.code == 200)
        #expect(body.count == 20)
    }
}
