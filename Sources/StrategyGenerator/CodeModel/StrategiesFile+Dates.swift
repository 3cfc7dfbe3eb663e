/// A body that is dates (a date, a list or a map of them) is read in the document's date format,
/// as a model's date fields are, not in the client decoder's date strategy.
extension CodeContext {
    /// The expression that decodes a strategy's output of `type` from `body`.
    func outputDecoding(_ type: TypeReference) -> String {
        let decoding = "decoder.decode(\(swiftType(type)).self, from: body, at: outputPath"
        guard holdsDatesOnly(type) else { return decoding + ")" }
        return decoding + ", dates: \(dateFormatExpression(spec.defaults.dateFormat ?? .iso8601)))"
    }

    /// `output(from:body:decoder:)` for a strategy whose output is dates and which reads no
    /// headers (``outputWithHeaders(_:)`` decodes those the same way).
    func datesOutput(_ strategy: ResolvedStrategy) -> Function? {
        guard strategy.responseHeaders.isEmpty, case .type(let type, _)? = strategy.returns, holdsDatesOnly(type) else { return nil }
        return Function(
            docs: ["The output decoded from the body, its dates in the document's format."],
            access: access, name: "output",
            parameters: [
                Function.Parameter(label: "from", name: "response", type: "HTTPResponse"),
                Function.Parameter(name: "body", type: "Data"),
                Function.Parameter(name: "decoder", type: "JSONDecoder"),
            ],
            isThrowing: true, returnType: "Output",
            body: [.line("try \(outputDecoding(type))")]
        )
    }

    /// Whether `type` is a date, or lists and maps of them, with no model in between.
    private func holdsDatesOnly(_ type: TypeReference) -> Bool {
        type.mentions(.date)
    }
}
