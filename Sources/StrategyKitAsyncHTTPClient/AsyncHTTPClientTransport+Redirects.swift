import AsyncHTTPClient
import StrategyKit

/// Keeps the client's redirect rule (``StrategyClient/Limits/RedirectPolicy``) in force on an `HTTPClient` the
/// caller made: such a client may follow redirects by its own rule, which takes off
/// `Authorization` and `Cookie` when the origin changes but sends an API key header or query
/// item on to wherever the server points.
enum RedirectGuard {
    /// Whether `client` follows redirects by itself; `nil` when its configuration can't be read.
    ///
    /// AsyncHTTPClient keeps the configuration internal, so it is read by reflection:
    /// `configuration.redirectConfiguration.mode` is `disallow` or `follow(…)`.
    static func followsRedirects(_ client: HTTPClient) -> Bool? {
        guard let mode = Mirror(reflecting: client).descendant("configuration", "redirectConfiguration", "mode") else {
            return nil
        }
        let payload = Mirror(reflecting: mode).children.first?.label
        switch (payload, "\(mode)") {
        case (nil, "disallow"): return false
        case ("follow", _): return true
        default: return nil
        }
    }

    /// The error for a client that follows redirects, found before sending.
    static let refused = TransportError(
        .invalidResponse,
        detail: "the HTTPClient follows redirects by its own rule; make it with redirectConfiguration: .disallow"
    )

    /// Throws when the client received more than one response for a request: the end of
    /// redirects it followed by itself; the requests after the first went out before the
    /// transport could know.
    static func check(responses: Int) throws(TransportError) {
        guard responses <= 1 else {
            throw TransportError(
                .invalidResponse,
                detail: "the HTTPClient followed \(responses - 1) redirect(s) by its own rule; make it with redirectConfiguration: .disallow"
            )
        }
    }
}
