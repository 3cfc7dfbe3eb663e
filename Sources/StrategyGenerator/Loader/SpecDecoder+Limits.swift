extension SpecDecoder {
    /// A number of seconds more than 0 and at most ``maximumSeconds``: a connect timeout, which
    /// can't be 0 the way a deadline can't be reached.
    func positiveSeconds(_ node: YAMLNode, _ what: String) -> Double? {
        guard let seconds = number(node, what) else { return nil }
        guard seconds > 0 else {
            diagnostics.error("\(what) must be more than 0 seconds", at: node.location)
            return nil
        }
        return seconds
    }

    /// A number of bytes more than 0: a whole number (`1048576`), or one with a binary unit,
    /// `KiB`, `MiB` or `GiB` (`512KiB`, `10 MiB`).
    func byteCount(_ node: YAMLNode, _ what: String) -> Int? {
        let bytes: (partialValue: Int, overflow: Bool)?
        switch node.value {
        case .int(let value): bytes = (value, false)
        case .string(let text): bytes = Self.size(parsing: text).map { $0.count.multipliedReportingOverflow(by: $0.unit) }
        default: bytes = nil
        }
        guard let bytes else {
            diagnostics.error("\(what) must be a whole number of bytes, or one with a unit such as 512KiB or 10MiB", at: node.location)
            return nil
        }
        guard !bytes.overflow else {
            diagnostics.error("\(what) is more bytes than an Int holds", at: node.location)
            return nil
        }
        guard bytes.partialValue > 0 else {
            diagnostics.error("\(what) must be more than 0 bytes", at: node.location)
            return nil
        }
        return bytes.partialValue
    }

    /// `10MiB` or `10 MiB` as a count and the bytes in its unit; `nil` for any other text.
    static func size(parsing text: String) -> (count: Int, unit: Int)? {
        let units = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
        guard let (name, unit) = units.first(where: { text.hasSuffix($0.0) }) else { return nil }
        var digits = text.dropLast(name.count)
        if digits.last == " " { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits) else { return nil }
        return (count, unit)
    }
}
