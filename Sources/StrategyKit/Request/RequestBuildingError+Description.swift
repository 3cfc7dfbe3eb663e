import Foundation

extension RequestBuildingError: CustomStringConvertible {
    /// What was refused and why, e.g. `request not sent: the path segment ".." would climb
    /// up the path once URLs are normalised; pass the value as a single segment to have it
    /// encoded`. A URL is shown without its query, a header value or cookie never.
    public var description: String {
        "request not sent: " + reason
    }

    private var reason: String {
        switch self {
        case .invalidURL(let url):
            let shown = url.prefix { $0 != "?" }
            return "\(String(shown).debugDescription)\(shown.count < url.count ? " (query left out)" : "") isn't a valid http or https URL with a host"
        case .invalidHeaderName(let name):
            return "the header name \(name.debugDescription) isn't an HTTP token (letters, digits and !#$%&'*+-.^_`|~ only)"
        case .invalidHeaderValue(let name):
            return "the value of the header \(name.debugDescription) holds CR, LF or another control character, which could split the request"
        case .invalidMethod(let method):
            return "the method \(method.debugDescription) isn't an HTTP token (letters, digits and !#$%&'*+-.^_`|~ only), so it could split the request"
        case .dotSegment(let segment):
            let step = segment == ".." ? "climb up the path" : "be dropped from the path"
            return "the path segment \(segment.debugDescription) would \(step) once URLs are normalised, even percent-encoded; pass the value as a single segment to have it encoded"
        case .invalidCookie(let name):
            return "the cookie \(name.debugDescription) has a name that isn't an HTTP token, or a value holding a space, \", comma, semicolon, backslash, control character or non-ASCII character"
        }
    }
}
