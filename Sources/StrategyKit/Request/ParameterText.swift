/// A value's text in a path, a query, a form, a header, a cookie or a multipart text field, in
/// the one place the runtime turns numbers into it.
///
/// Most values are their `description`. A floating-point number is not: Swift prints `100.0`,
/// `1e-05` and `1.5e+20`, which many servers refuse for an integer field or don't read as a
/// number at all. It is written in plain decimal instead, with the digits of Swift's shortest
/// representation that reads back as the same number, so `0.1` stays `0.1`:
///
/// | value | text |
/// |---|---|
/// | `100.0` | `100` |
/// | `0.00001` | `0.00001` |
/// | `-0.5` | `-0.5` |
/// | `1.5e20` | `150000000000000000000` |
/// | `-0.0` | `-0` |
/// | `.nan`, `.infinity`, `-.infinity` | `NaN`, `Infinity`, `-Infinity` |
///
/// A value that isn't a finite number has no decimal form; it is written as JavaScript, Java,
/// .NET, Python and Go all read it back.
///
/// JSON bodies are written by `JSONEncoder`, and keep its spelling (`1e-05` is valid JSON).
enum ParameterText {
    /// `value`'s text: a floating-point number in plain decimal, anything else its `description`.
    static func of(_ value: any LosslessStringConvertible) -> String {
        if let number = value as? any BinaryFloatingPoint & LosslessStringConvertible {
            return decimal(number)
        }
        return value.description
    }

    /// `number` in plain decimal: no exponent and no trailing `.0`, as the table above shows.
    static func decimal(_ number: some BinaryFloatingPoint & LosslessStringConvertible) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return plain(number.description)
    }

    /// Swift's spelling of a finite number (`100.0`, `1e-05`, `-1.5e+20`) without its exponent
    /// and its trailing `.0`; text in any other form is kept as it is.
    static func plain(_ text: String) -> String {
        var rest = Substring(text)
        let negative = rest.first == "-"
        if negative { rest = rest.dropFirst() }

        // Most numbers are already plain (`0.5`, `-12.25`): only `.0` is dropped.
        guard let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        guard let exponent = Int(rest[rest.index(after: e)...]) else { return text }
        rest = rest[..<e]

        // The significand's digits, and how many of them stand before the decimal point once
        // the exponent moves it: `1.5e+20` is `15` with the point after 21 digits.
        let point = rest.firstIndex(of: ".")
        let whole = point.map { rest[..<$0] } ?? rest
        let fraction = point.map { rest[rest.index(after: $0)...] } ?? ""
        var digits = Array((whole + fraction).utf8)
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return text }
        var integerDigits = whole.count + exponent
        while digits.first == UInt8(ascii: "0") {
            digits.removeFirst()
            integerDigits -= 1
        }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }

        let sign = negative ? "-" : ""
        guard !digits.isEmpty else { return sign + "0" }
        let significand = String(decoding: digits, as: UTF8.self)
        if integerDigits <= 0 {
            return sign + "0." + String(repeating: "0", count: -integerDigits) + significand
        }
        if integerDigits >= digits.count {
            return sign + significand + String(repeating: "0", count: integerDigits - digits.count)
        }
        let split = significand.index(significand.startIndex, offsetBy: integerDigits)
        return "\(sign)\(significand[..<split]).\(significand[split...])"
    }
}
