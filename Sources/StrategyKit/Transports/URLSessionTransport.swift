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
/// an ``Authenticator`` (e.g. ``Authenticator/header(_:token:)`` on `Cookie`), so the client's
/// redirect rule covers it. Nor does it keep credentials: a 401 that challenges for them comes
/// back as it is, for the client's ``Authenticator`` to act on.
///
/// URLSession sends no body with a `GET`: FoundationNetworking fails such a task before it
/// connects (with `URLError.dataLengthExceedsMaximum`, as if the answer were too large), and
/// Apple's URLSession fails it the same way. This transport fails it at once, with
/// ``TransportError/Kind/invalidResponse`` and a detail that says so, and nothing is sent; an
/// operation whose document gives its `GET` a body needs a transport that sends one, such as
/// `AsyncHTTPClientTransport`. An empty body is no body: that `GET` is sent.
public struct URLSessionTransport: Transport, KeepsDeadline {
    private let owner: SessionOwner

    /// The session that runs the data tasks.
    public var session: URLSession { owner.session }

    /// A transport on a session of its own with `session`'s configuration (cookies, cache,
    /// headers), or a process-wide one with the default configuration when `session` is `nil`.
    ///
    /// - Parameter session: the session whose configuration is used; its delegate is not.
    public init(session: URLSession? = nil) {
        owner = session.map { SessionOwner(configuration: $0.configuration) } ?? SessionOwner.shared
    }

    /// Sends `request` and `body` as a data task and returns the response, within `limits`.
    public func send(_ request: HTTPRequest, body: Data?, limits: StrategyClient.Limits) async throws -> (HTTPResponse, Data) {
        try TransportError.checkCancellation()
        let body = body?.isEmpty == false ? body : nil
        if request.method == .get, body != nil { throw TransportError.getWithBody }
        var urlRequest = try Self.urlRequest(request)
        urlRequest.httpBody = body
        urlRequest.timeoutInterval = limits.connectTimeout
        return try await owner.delegate.run(urlRequest, limit: limits.maximumResponseBytes, timeout: limits.timeout, on: owner.session)
    }

    /// The `URLRequest` of `request`: its URL, method and header fields, with no cookie handled
    /// behind the client's back.
    static func urlRequest(_ request: HTTPRequest) throws -> URLRequest {
        guard let url = request.url else {
            throw TransportError(.cannotConnect, detail: "the request has no URL")
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headerFields {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name.rawName)
        }
        urlRequest.httpShouldHandleCookies = false
        return urlRequest
    }

    /// The queue a session of the transport calls its delegate on.
    ///
    /// FoundationNetworking hands each event (the response, each piece of the body, each piece
    /// sent, the end) to the delegate queue as an operation, which wakes a thread of the queue's
    /// own for a few microseconds of work; with a completion handler it calls back inline
    /// instead. Run inline too, on the session's own queue (the delegates never wait there), the
    /// delegate's events cost what the completion handler's do. Elsewhere the events come on a
    /// serial queue of the session's own, never on the threads Swift's concurrency runs on, so
    /// a busy pool can't hold back a call's outcome.
    static func delegateQueue() -> OperationQueue {
        #if canImport(FoundationNetworking)
        return InlineOperationQueue()
        #else
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return queue
        #endif
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
        // No credential store either: a stored credential would answer a server's challenge
        // behind the client's back, where only an ``Authenticator`` sends credentials.
        configuration.urlCredentialStorage = nil
        delegate = SessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: URLSessionTransport.delegateQueue())
        self.isShared = isShared
    }

    deinit {
        if !isShared { session.finishTasksAndInvalidate() }
    }
}

#if canImport(FoundationNetworking)
/// An operation queue that runs each block as it is added, on the thread that adds it.
///
/// The session's delegate runs on FoundationNetworking's own queue this way, where a call into
/// the session that waits for that queue (`cancel()`, `resume()`) would never return: the
/// delegate hands those to ``SessionDelegate/cancel(_:)``.
final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
#endif

extension TransportError {
    /// A `GET` with a body, which URLSession can't send.
    static let getWithBody = TransportError(
        .invalidResponse,
        detail: "URLSession sends no body with GET; send this request with a transport that does, such as AsyncHTTPClientTransport"
    )

    /// The kind an error of a data task means: a `URLError`'s, or (in `NSURLErrorDomain`)
    /// the kind of the `URLError` of its code. Any other error is unrecognised:
    /// ``TransportError/Kind/invalidResponse``, which isn't retried.
    ///
    /// - Parameter beforeResponse: whether the task failed before a response head came.
    ///   FoundationNetworking reports a failed TLS handshake as an unknown error that carries
    ///   OpenSSL's message; before a response, that is a connection never made.
    init(dataTaskError error: any Error, beforeResponse: Bool = false) {
        let description = (error as NSError).localizedDescription
        if beforeResponse, (error as NSError).code == URLError.unknown.rawValue, description.contains("SSL") {
            self.init(.cannotConnect, detail: "TLS \(description)")
        } else if let error = error as? URLError {
            self.init(error)
        } else if (error as NSError).domain == NSURLErrorDomain, let code = URLError.Code(rawValue: (error as NSError).code) {
            self.init(URLError(code))
        } else {
            self.init(.invalidResponse, detail: "unrecognised \(type(of: error))")
        }
    }

    /// The kind a `URLError` means; a code not named here is unrecognised:
    /// ``TransportError/Kind/invalidResponse``, which isn't retried.
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
        // FoundationNetworking on Linux reports a connection closed mid-body as `unknown`.
        case .networkConnectionLost, .unknown: kind = .connectionLost
        default:
            self.init(.invalidResponse, detail: "unrecognised URLError \(error.code.rawValue)")
            return
        }
        self.init(kind, detail: "URLError \(error.code.rawValue)")
    }
}
