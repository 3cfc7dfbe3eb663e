import Testing

extension ReadmeTests {
    @Test func theStreamedAnswerTypeChecksAgainstTheShippedChatClient() async throws {
        try await expectChatBlockTypeChecks(startingWith: "let chat = ChatClient(", showing: "for try await chunk in chat.chatCompletionsStream(request)")
    }

    @Test func theStubbedStreamOfSeveralKindsTypeChecksAgainstTheShippedChatClient() async throws {
        try await expectChatBlockTypeChecks(startingWith: "let chat = ChatClient.stubbed(", showing: "case .responseOutputTextDelta(let text)")
    }

    /// The README's Swift block starting with `prefix` shows `line`, and type-checks without a
    /// warning against the client of the shipped `specs/chat.yaml`.
    private func expectChatBlockTypeChecks(startingWith prefix: String, showing line: String) async throws {
        let callSite = try block("swift", startingWith: prefix)

        let result = try await typeCheck(callSite, against: ["chat.yaml"])

        #expect(callSite.contains(line))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }
}
