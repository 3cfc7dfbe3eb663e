import Foundation
import StrategyGenerator
import Testing

/// The streaming operations of real documents written by others become streaming strategies
/// with typed elements: an inference server's (TGI) by their `text/event-stream` responses, and
/// OpenAI's by the `stream` flag of their bodies.
@Suite struct StreamImportTests {
    static let corpus = Paths.root.appendingPathComponent("../shared/corpus/openapi")
    static let hasCorpus = FileManager.default.fileExists(atPath: corpus.appendingPathComponent("tgi.openapi.json").path)

    func strategies(of document: String) throws -> [String: StrategySpec] {
        let loaded = try GeneratorPipeline.load(contentsOf: Self.corpus.appendingPathComponent(document).path)
        return Dictionary(loaded.spec.strategies.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test(.enabled(if: hasCorpus, "needs the corpus of real documents at ../shared/corpus, beside the package, and there is none (see CONTRIBUTING.md)"))
    func anInferenceServersChatCompletionsAnswerJSONOrAStreamOfChunks() throws {
        let strategies = try strategies(of: "tgi.openapi.json")

        let plain = try #require(strategies["ChatCompletions"])
        #expect(plain.stream == nil)
        guard case .type(.named("ChatCompletion"), _)? = plain.returns else {
            Issue.record("ChatCompletions returns \(String(describing: plain.returns))")
            return
        }
        let streamed = try #require(strategies["ChatCompletionsStream"])
        #expect(streamed.stream?.format == .serverSentEvents)
        #expect(streamed.stream?.element == .named("ChatCompletionChunk"))
        #expect(streamed.stream?.flag?.value == "stream")
        #expect(streamed.returns == nil)
        // An operation that only streams is one streaming strategy.
        let generate = try #require(strategies["GenerateStream"])
        #expect(generate.stream?.element == .named("StreamResponse"))
        #expect(strategies["GenerateStreamStream"] == nil)
    }

    @Test(.enabled(if: hasCorpus, "needs the corpus of real documents at ../shared/corpus, beside the package, and there is none (see CONTRIBUTING.md)"))
    func openAIsBodyFlagGivesAStreamOfTheChunksTheDocumentNames() throws {
        let strategies = try strategies(of: "openai.openapi.2023-pinned.yaml")

        #expect(strategies["CreateChatCompletion"]?.stream == nil)
        let chat = try #require(strategies["CreateChatCompletionStream"])
        #expect(chat.stream?.element == .named("CreateChatCompletionStreamResponse"))
        #expect(chat.stream?.flag?.value == "stream")
        // No stream schema named for the response: the chunks are of the response's own schema.
        let completion = try #require(strategies["CreateCompletionStream"])
        #expect(completion.stream?.element == .named("CreateCompletionResponse"))
        // An operation whose body has no stream flag has no stream.
        #expect(strategies["CreateEmbeddingStream"] == nil)
    }
}
