import Testing

extension ReadmeTests {
    @Test func theStreamedAnswerTypeChecksAgainstTheShippedChatClient() async throws {
        let callSite = try block("swift", startingWith: "let chat = ChatClient(")

        let result = try await typeCheck(callSite, against: ["chat.yaml"])

        #expect(callSite.contains("for try await chunk in chat.chatCompletionsStream(request)"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }
}

extension ReadmeTests {
    @Test func theStubbedStreamOfSeveralKindsTypeChecksAgainstTheShippedChatClient() async throws {
        let callSite = try block("swift", startingWith: "let chat = ChatClient.stubbed(")

        let result = try await typeCheck(callSite, against: ["chat.yaml"])

        #expect(callSite.contains("case .responseOutputTextDelta(let text)"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("warning:"), "\(result.standardError)")
    }
}
