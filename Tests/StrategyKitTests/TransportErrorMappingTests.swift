import AsyncHTTPClient
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import NIOHTTP1
import NIOSSL
@testable import StrategyKit
@testable import StrategyKitAsyncHTTPClient
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each transport's errors map to the same kinds, and an error a transport doesn't recognise
/// is an invalid response, which isn't retried.
@Suite struct TransportErrorMappingTests {
    /// An error no transport knows.
    struct Unrecognised: Error {}

    /// An error and the kind it maps to.
    struct Mapping: CustomTestStringConvertible, Sendable {
        var error: any Error & Sendable
        var kind: TransportError.Kind
        var testDescription: String { "\(error) → \(kind)" }

        init(_ error: any Error & Sendable, _ kind: TransportError.Kind) {
            self.error = error
            self.kind = kind
        }
    }

    static let nio: [Mapping] = [
        Mapping(TransportError(.responseTooLarge), .responseTooLarge),
        Mapping(CancellationError(), .cancelled),
        Mapping(NIOTooManyBytesError(maxBytes: 1024), .responseTooLarge),
        Mapping(HTTPClientError.cancelled, .cancelled),
        Mapping(HTTPClientError.deadlineExceeded, .timedOut),
        Mapping(HTTPClientError.readTimeout, .timedOut),
        Mapping(HTTPClientError.connectTimeout, .timedOut),
        Mapping(HTTPClientError.remoteConnectionClosed, .connectionLost),
        Mapping(HTTPClientError.bodyLengthMismatch, .connectionLost),
        Mapping(HTTPClientError.invalidURL, .cannotConnect),
        Mapping(HTTPClientError.redirectLimitReached, .invalidResponse),
        Mapping(HTTPParserError.invalidEOFState, .connectionLost),
        Mapping(HTTPParserError.invalidHeaderToken, .invalidResponse),
        Mapping(IOError(errnoCode: ECONNREFUSED, reason: "connect"), .cannotConnect),
        Mapping(IOError(errnoCode: ECONNRESET, reason: "read"), .connectionLost),
        Mapping(ChannelError.connectTimeout(.seconds(1)), .timedOut),
        Mapping(ChannelError.ioOnClosedChannel, .connectionLost),
        Mapping(SocketAddressError.unsupported, .cannotConnect),
        Mapping(NIOSSLError.handshakeFailed(.sslError([])), .cannotConnect),
        Mapping(NIOSSLError.uncleanShutdown, .connectionLost),
        Mapping(Unrecognised(), .invalidResponse),
    ]

    static let urlSession: [Mapping] = [
        Mapping(URLError(.cancelled), .cancelled),
        Mapping(URLError(.timedOut), .timedOut),
        Mapping(URLError(.cannotConnectToHost), .cannotConnect),
        Mapping(URLError(.cannotFindHost), .cannotConnect),
        Mapping(URLError(.notConnectedToInternet), .cannotConnect),
        Mapping(URLError(.secureConnectionFailed), .cannotConnect),
        Mapping(URLError(.networkConnectionLost), .connectionLost),
        Mapping(URLError(.badServerResponse), .invalidResponse),
        Mapping(URLError(.httpTooManyRedirects), .invalidResponse),
        Mapping(URLError(.dataLengthExceedsMaximum), .responseTooLarge),
        Mapping(NSError(domain: NSURLErrorDomain, code: URLError.Code.cannotConnectToHost.rawValue), .cannotConnect),
        // What FoundationNetworking on Linux reports for a connection closed mid-body.
        Mapping(URLError(.unknown), .connectionLost),
        Mapping(URLError(.fileDoesNotExist), .invalidResponse),
        Mapping(Unrecognised(), .invalidResponse),
    ]

    @Test(arguments: nio)
    func asyncHTTPClientErrorsMapToTheirKinds(mapping: Mapping) {
        #expect(TransportError(mapping.error).kind == mapping.kind)
    }

    @Test(arguments: urlSession)
    func urlSessionErrorsMapToTheirKinds(mapping: Mapping) {
        #expect(TransportError(dataTaskError: mapping.error).kind == mapping.kind)
    }

    @Test func anUnrecognisedErrorIsNamedAndNotRetried() {
        for error in [TransportError(Unrecognised()), TransportError(dataTaskError: Unrecognised())] {
            #expect(error.detail == "unrecognised Unrecognised")
            #expect(!error.isTransient)
            #expect(!RetryMiddleware.isTransient(error))
        }
    }

    @Test func onlyConnectionFailuresAndTimeoutsAreTransient() {
        let transient = TransportError.Kind.allCases.filter { TransportError($0).isTransient }
        #expect(transient == [.cannotConnect, .timedOut, .connectionLost])
    }
}
