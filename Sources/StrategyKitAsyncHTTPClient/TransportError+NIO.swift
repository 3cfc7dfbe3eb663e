import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import StrategyKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TransportError {
    /// The kind an AsyncHTTPClient or SwiftNIO error means; a ``TransportError`` stays as it is.
    ///
    /// An error of another type is unrecognised: ``TransportError/Kind/invalidResponse``,
    /// with the type in the detail, which isn't retried.
    init(_ error: any Error) {
        switch error {
        case let error as TransportError:
            self = error
        case is CancellationError:
            self = .cancelled
        case is NIOTooManyBytesError, is ResponseAccumulator.ResponseTooBigError:
            self.init(.responseTooLarge, detail: "body over the limit")
        case let error as HTTPClientError:
            self.init(Self.kind(of: error), detail: "HTTPClientError \(error.shortDescription)")
        case let error as HTTPParserError:
            // A connection closed before the message ended is a lost connection, not bad HTTP.
            let truncated = error == .invalidEOFState || error == .closedConnection
            self.init(truncated ? .connectionLost : .invalidResponse, detail: "HTTPParserError \(error)")
        case is NIOConnectionError:
            self.init(.cannotConnect, detail: "NIOConnectionError")
        case let error as NIOSSLError:
            // A peer that closes without ending TLS has gone mid-message; every other TLS fault
            // stops the handshake, before the request is sent.
            self.init(error == .uncleanShutdown ? .connectionLost : .cannotConnect, detail: "TLS \(error)")
        case is BoringSSLError, is NIOSSLExtraError:
            self.init(.cannotConnect, detail: "TLS \(error)")
        case is SocketAddressError, is SocketAddressError.UnknownHost:
            self.init(.cannotConnect, detail: "\(type(of: error))")
        case let error as IOError:
            let refused: Set<CInt> = [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH, EADDRNOTAVAIL]
            self.init(refused.contains(error.errnoCode) ? .cannotConnect : .connectionLost, detail: "errno \(error.errnoCode)")
        case let error as ChannelError:
            if case .connectTimeout = error {
                self.init(.timedOut, detail: "connect timeout")
            } else {
                self.init(.connectionLost, detail: "ChannelError")
            }
        default:
            self.init(.invalidResponse, detail: "unrecognised \(type(of: error))")
        }
    }

    private static func kind(of error: HTTPClientError) -> Kind {
        switch error {
        case .cancelled, .requestStreamCancelled:
            .cancelled
        case .connectTimeout, .deadlineExceeded, .readTimeout, .writeTimeout, .getConnectionFromPoolTimeout,
             .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
            .timedOut
        case .remoteConnectionClosed, .bodyLengthMismatch:
            .connectionLost
        case .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath, .alreadyShutdown, .invalidProxyResponse,
             .proxyAuthenticationRequired:
            .cannotConnect
        default:
            .invalidResponse
        }
    }
}
