import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport backed by Foundation's `URLSession`.
///
/// The transport's session has a delegate of its own, so the session never follows a
/// redirect by itself (the response comes back for the client's rule to decide), and a body
/// is read piece by piece and given up, with ``TransportError/Kind/responseTooLarge``, as
/// soon as it passes the size limit. A request is never started from a cancelled task, and
/// cancelling the calling task cancels the data task.
///
/// Like AsyncHTTPClient, it keeps no cookie jar: cookies are neither stored nor sent on their
/// own (a jar would send them to every port of a host). Send a cookie that authenticates with
/// an ``Authenticator`` (e.g. ``HeaderTokenAuthenticator`` on `Cookie`), so the client's
/// redirect rule covers it.
public struct URLSessionTransport: Transport {
    private let owner: SessionOwner
    /// The deadline for a request without a timeout of its own, in seconds.
    public var defaultTimeout: TimeInterval
    /// The connect (and idle) timeout for a request without one of its own, in seconds.
    public var defaultConnectTimeout: TimeInterval
    /// The most bytes of body read for a request without a limit of its own.
    public var maximumResponseBytes: Int

    /// The session that runs the data tasks.
    public var session: URLSession { owner.session }

    /// A transport on a session of its own with `session`'s configuration (cookies, cache,
    /// headers), or a process-wide one with the default configuration when `session` is `nil`.
    ///
    /// - Parameters:
    ///   - session: the session whose configuration is used; its delegate is not.
    ///   - maximumResponseBytes: the most bytes of body read when a request doesn't say.
    ///   - defaultTimeout: the deadline in seconds when a request doesn't say.
    ///   - defaultConnectTimeout: the connect (and idle) timeout when a request doesn't say.
    public init(
        session: URLSession? = nil,
        maximumResponseBytes: Int = RequestLimits.default.maximumResponseBytes,
        defaultTimeout: TimeInterval = RequestLimits.default.timeout,
        defaultConnectTimeout: TimeInterval = RequestLimits.default.connectTimeout
    ) {
        owner = session.map { SessionOwner(configuration: $0.configuration) } ?? SessionOwner.shared
        self.maximumResponseBytes = maximumResponseBytes
        self.defaultTimeout = defaultTimeout
        self.defaultConnectTimeout = defaultConnectTimeout
    }

    /// Sends `request` as a data task and returns the response, within its deadline.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try request.validate()
        try TransportError.checkCancellation()
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body
        urlRequest.httpShouldHandleCookies = false
        urlRequest.timeoutInterval = request.connectTimeout ?? defaultConnectTimeout
        let limit = request.maximumResponseBytes ?? maximumResponseBytes
        let owner = self.owner
        return try await withDeadline(seconds: request.timeout ?? defaultTimeout) { [urlRequest] in
            try await owner.delegate.run(urlRequest, limit: limit, on: owner.session)
        }
    }
}

/// A session and its delegate; invalidates the session when the last transport using it goes.
private final class SessionOwner: Sendable {
    let session: URLSession
    let delegate: SessionDelegate
    private let isShared: Bool

    static let shared = SessionOwner(configuration: .default, isShared: true)

    init(configuration: URLSessionConfiguration, isShared: Bool = false) {
        // A copy without a cookie jar: no cookie is stored or sent behind the client's back.
        let configuration = (configuration.copy() as? URLSessionConfiguration) ?? .default
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        delegate = SessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        self.isShared = isShared
    }

    deinit {
        if !isShared { session.finishTasksAndInvalidate() }
    }
}

extension TransportError {
    /// The kind a `URLError` means.
    init(_ error: URLError) {
        let kind: Kind
        switch error.code {
        case .cancelled: kind = .cancelled
        case .timedOut: kind = .timedOut
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
             .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
             .clientCertificateRequired, .internationalRoamingOff, .callIsActive, .dataNotAllowed:
            kind = .cannotConnect
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
             .zeroByteResource, .httpTooManyRedirects, .redirectToNonExistentLocation, .badURL, .unsupportedURL:
            kind = .invalidResponse
        case .dataLengthExceedsMaximum: kind = .responseTooLarge
        default: kind = .connectionLost
        }
        self.init(kind, detail: "URLError \(error.code.rawValue)")
    }
}
