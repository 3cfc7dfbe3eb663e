import Foundation

/// Doc comments from a document's text: the summary as the first line and the description as
/// the discussion below it, HTML turned into the Markdown DocC reads.
extension OpenAPIImporter {
    /// The summary, then the description after a blank line, each as Markdown; either alone.
    static func doc(summary: String?, description: String?) -> String? {
        let summary = summary.map(markdown).flatMap { $0.isEmpty ? nil : $0 }
        let description = description.map(markdown).flatMap { $0.isEmpty ? nil : $0 }
        switch (summary, description) {
        case (let summary?, let description?) where description != summary && !description.hasPrefix(summary):
            return summary + "\n\n" + description
        case (_, let description?) where summary == nil || description.hasPrefix(summary!):
            return description
        default:
            return summary
        }
    }

    /// `text` with its HTML as Markdown: paragraphs and line breaks, lists, code, emphasis and
    /// links as DocC writes them; other tags dropped and entities decoded. Text without a tag is
    /// returned as it is.
    static func markdown(_ text: String) -> String {
        guard text.contains("<"), text.range(of: #"</?[a-zA-Z][a-zA-Z0-9]*(\s[^<>]*)?/?>"#, options: .regularExpression) != nil else {
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var result = text
        let rules: [(String, String)] = [
            (#"(?i)<a\s[^>]*href\s*=\s*"([^"]*)"[^>]*>(.*?)</a>"#, "[$2]($1)"),
            (#"(?i)<(code|tt)>(.*?)</\1>"#, "`$2`"),
            (#"(?i)<(strong|b)>(.*?)</\1>"#, "**$2**"),
            (#"(?i)<(em|i)>(.*?)</\1>"#, "*$2*"),
            (#"(?i)<br\s*/?>"#, "\n"),
            (#"(?i)<li[^>]*>"#, "\n- "),
            (#"(?i)</(p|div|ul|ol|h[1-6]|pre|blockquote|table|tr)>"#, "\n\n"),
            (#"(?i)<(p|div|ul|ol|h[1-6]|pre|blockquote|table|tr)(\s[^>]*)?>"#, "\n\n"),
            (#"</?[a-zA-Z][a-zA-Z0-9]*(\s[^<>]*)?/?>"#, ""),
        ]
        for (pattern, template) in rules {
            result = result.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
        }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        // Lines trimmed, and no more than one blank line in a row.
        var lines: [String] = []
        for line in result.components(separatedBy: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
