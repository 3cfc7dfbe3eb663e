/// A place in a spec file: 1-based line and column, as editors count them.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `path:line:column`; the path with control characters escaped, so it stays on one line.
    public var description: String { "\(file.escapedForOneLine):\(line):\(column)" }
}

/// One problem found in a spec, printed the way Xcode and SwiftPM show problems at a line:
/// `path:line:column: error: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
        case note
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    public static func error(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    public static func warning(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    /// One line, whatever the message quotes from a spec: newlines and other control characters
    /// are escaped (`\n`, `\u{1B}`), so a spec can't print a line that looks like a diagnostic of its own.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message.escapedForOneLine)"
    }
}

/// Thrown by a stage that found at least one error; carries everything found, in order.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

/// Collects the diagnostics of one run so every problem is reported, not only the first.
struct DiagnosticCollector {
    private(set) var diagnostics: [Diagnostic] = []

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    mutating func error(_ message: String, at location: SourceLocation?) {
        diagnostics.append(.error(message, at: location))
    }

    mutating func warning(_ message: String, at location: SourceLocation?) {
        diagnostics.append(.warning(message, at: location))
    }

    mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }
}

extension [Diagnostic] {
    /// Ordered by file, line and column; diagnostics at one place, or with none, keep their order
    /// (those with none after the others).
    public func sortedByLocation() -> [Diagnostic] {
        enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case (let left?, let right?):
                let leftKey = (left.file, left.line, left.column), rightKey = (right.file, right.line, right.column)
                return leftKey != rightKey ? leftKey < rightKey : a.offset < b.offset
            case (nil, nil): return a.offset < b.offset
            case (nil, _): return false
            case (_, nil): return true
            }
        }.map(\.element)
    }
}

/// Suggests the closest of `candidates` to a misspelt `word`, for "did you mean" hints.
///
/// Words over 64 characters get no suggestion, and only candidates close enough in length to be
/// accepted are scored, so the search stays fast whatever a spec holds.
func closestMatch(to word: String, in candidates: [String]) -> String? {
    let length = word.count
    guard length <= 64 else { return nil }
    let reach = max(1, length / 3)
    let candidates = candidates.filter { $0.utf8.count <= 4 * (length + reach) && abs($0.count - length) <= reach }
    let scored = candidates.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    let limit = max(1, min(word.count, best.0.count) / 3)
    return best.1 <= limit ? best.0 : nil
}

/// Levenshtein distance: the fewest single-character edits that turn `a` into `b`.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
        }
        previous = current
    }
    return previous[b.count]
}

extension String {
    /// The text with newlines, other control characters, line and paragraph separators and
    /// bidirectional overrides written as escapes (`\n`, `\r`, `\t`, `\u{1B}`).
    var escapedForOneLine: String {
        guard unicodeScalars.contains(where: \.needsEscapeOnOneLine) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            if scalar.needsEscapeOnOneLine {
                result += scalar.escapedForOneLine
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    /// Whether the scalar is written as an escape on a line a diagnostic prints: a control
    /// character, a line or paragraph separator or a bidirectional override.
    var needsEscapeOnOneLine: Bool {
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
    }

    /// The scalar as an escape: `\n`, `\r`, `\t`, or `\u{1B}`.
    var escapedForOneLine: String {
        switch self {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        default: "\\u{" + String(value, radix: 16, uppercase: true) + "}"
        }
    }
}
