/// A type the spec format has built in: a spec writes it by name (`Date`, `[Int]`), a name no
/// model can take, and ``TypeReference/builtIn(_:)`` holds it.
public enum BuiltIn: String, CaseIterable, Hashable, Sendable {
    case string = "String"
    case int = "Int"
    case int32 = "Int32"
    case int64 = "Int64"
    case double = "Double"
    case float = "Float"
    case bool = "Bool"
    case date = "Date"
    case url = "URL"
    case uuid = "UUID"
    /// Any JSON value.
    case json = "JSON"
    /// A multipart body field's file: the type of such a field only.
    case file = "File"
    /// The body as it came: all a strategy may return, and nothing else's type.
    case data = "Data"

    /// The built-ins a spec may write wherever a type stands: all but `File` and `Data`.
    static let general: [BuiltIn] = allCases.filter(\.isGeneral)

    /// Whether a spec may write it wherever a type stands: all but `File` and `Data`.
    var isGeneral: Bool {
        self != .file && self != .data
    }

    /// The Swift type generated code writes for it.
    public var swiftType: String {
        self == .json ? "JSONValue" : rawValue
    }

    /// Whether a value of it is one piece of text in a path, a query item, a header or a cookie:
    /// text, a number, a Bool or a UUID (a date is text too, in a format of its own).
    var isScalar: Bool {
        switch self {
        case .string, .int, .int32, .int64, .double, .float, .bool, .uuid: true
        case .date, .url, .json, .file, .data: false
        }
    }

    /// Whether a response header can be read as it: text, an integer, a Double or a Bool.
    var isResponseHeaderType: Bool {
        switch self {
        case .string, .int, .int32, .int64, .double, .bool: true
        case .float, .date, .url, .uuid, .json, .file, .data: false
        }
    }
}
