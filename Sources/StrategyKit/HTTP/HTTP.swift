@_exported import HTTPTypes
import Foundation

// The runtime speaks swift-http-types: `HTTPRequest`, `HTTPResponse`, `HTTPFields` and
// `HTTPField.Name` are the currency types of transports, middlewares, authenticators and
// generated code, shared with AsyncHTTPClient, swift-openapi-runtime and Hummingbird.
//
// `HTTPField` quietly turns CR, LF and NUL in a value into spaces. Values that come from
// callers, specs and authenticators are checked here first, so a value that would split a
// request fails with a ``RequestBuildingError`` instead of going out changed.

/// Checks of what callers hand over, before it becomes an HTTPTypes value.
package enum HTTPCheck {
    /// The method `name`, upper-cased, when it is an HTTP token.
    static func method(_ name: String) throws(RequestBuildingError) -> HTTPRequest.Method {
        let name = name.uppercased()
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(isTokenCharacter), let method = HTTPRequest.Method(name) else {
            throw RequestBuildingError.invalidMethod(name)
        }
        return method
    }

    /// The field `name: value`, when the name is an HTTP token and the value holds no control
    /// character other than a tab.
    package static func field(_ name: String, _ value: String) throws(RequestBuildingError) -> HTTPField {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(isTokenCharacter), let fieldName = HTTPField.Name(name) else {
            throw RequestBuildingError.invalidHeaderName(name)
        }
        guard value.unicodeScalars.allSatisfy({ $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }) else {
            throw RequestBuildingError.invalidHeaderValue(name: name)
        }
        return HTTPField(name: fieldName, value: value)
    }

    /// `name=value`, when the name is an HTTP token and the value is made of RFC 6265's
    /// cookie-octets (optionally in double quotes).
    static func cookie(_ name: String, _ value: String) throws(RequestBuildingError) -> String {
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(isTokenCharacter) else {
            throw RequestBuildingError.invalidCookie(name: name)
        }
        var octets = Substring(value)
        if octets.count >= 2, octets.first == "\"", octets.last == "\"" { octets = octets.dropFirst().dropLast() }
        guard octets.unicodeScalars.allSatisfy(isCookieOctet) else {
            throw RequestBuildingError.invalidCookie(name: name)
        }
        return "\(name)=\(value)"
    }

    /// RFC 6265's cookie-octet: visible ASCII but `"`, `,`, `;` and `\`.
    static func isCookieOctet(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\"", ",", ";", "\\": false
        default: scalar.value > 0x20 && scalar.value < 0x7F
        }
    }

    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\"", "(", ")", ",", "/", ":", ";", "<", "=", ">", "?", "@", "[", "\\", "]", "{", "}": false
        default: scalar.value > 0x20 && scalar.value < 0x7F
        }
    }
}

extension HTTPFields {
    /// Replaces every field named `name` with one holding `value`, after checking both.
    mutating func setChecked(_ name: String, to value: String) throws(RequestBuildingError) {
        let field = try HTTPCheck.field(name, value)
        self[field.name] = field.value
    }
}

extension HTTPFields {
    /// Adds `cookies` to the request's one `Cookie` header, after the cookies it has, replacing
    /// one of the same name; each is checked first.
    mutating func addCookies(_ cookies: [(name: String, value: String)]) throws(RequestBuildingError) {
        var pairs = self[values: .cookie].flatMap { $0.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) } }
        for (name, value) in cookies {
            let pair = try HTTPCheck.cookie(name, value)
            pairs.removeAll { $0.split(separator: "=", maxSplits: 1).first.map(String.init) == name }
            pairs.append(pair)
        }
        // One field, not HTTPFields' cookie crumbs: a transport that folds repeated fields
        // would join those with a comma, which is no cookie separator.
        self[values: .cookie] = []
        append(HTTPField(name: .cookie, value: pairs.joined(separator: "; ")))
    }
}

extension HTTPRequest {
    /// The request's absolute URL; an empty one only for requests the runtime never builds
    /// (`CONNECT`, `OPTIONS *`).
    package var absoluteURL: URL {
        url ?? URL(fileURLWithPath: "/")
    }

    /// Adds `items` after the request's own query items, encoded as the runtime encodes queries.
    mutating func appendQueryItems(_ items: [Endpoint.QueryItem]) {
        guard !items.isEmpty else { return }
        let added = items.map { "\(PercentEncoding.component($0.name))=\(PercentEncoding.component($0.value))" }
            .joined(separator: "&")
        let current = path ?? "/"
        path = current + (current.utf8.contains(UInt8(ascii: "?")) ? (current.hasSuffix("?") ? "" : "&") : "?") + added
    }

    /// The names of the request's query items, percent-decoded and lower-cased, in order.
    var queryItemNames: [String] {
        rawQueryItems.map(\.name)
    }

    /// The request's query items as written (`name=value`, percent-encoded), each with its
    /// name percent-decoded and lower-cased, in order.
    var rawQueryItems: [(name: String, item: String)] {
        guard let path, let mark = path.firstIndex(of: "?") else { return [] }
        return path[path.index(after: mark)...].split(separator: "&").map { item in
            let name = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            return ((name.removingPercentEncoding ?? name).lowercased(), String(item))
        }
    }
}

extension HTTPResponse {
    /// A `200 OK` head with `Content-Type: application/json`, or another status: for stubs.
    static func json(status: HTTPResponse.Status) -> HTTPResponse {
        HTTPResponse(status: status, headerFields: [.contentType: "application/json"])
    }
}
