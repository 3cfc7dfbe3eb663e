import Foundation
import StrategyKit
import StrategyKitAsyncHTTPClient
import TestServer
import Testing

/// The client imported from the OpenAPI document `chat.yaml`, on the wire: chat completions
/// answered whole, or, through the strategy beside it, as server-sent events whose typed chunks
/// reach the caller in order until `data: [DONE]`; and a log exported as JSON Lines.
@Suite struct ChatStreamingTests {
    typealias Kind = TransportKind

    static let request = ChatRequest(model: "tgi", messages: [ChatMessage(role: "user", content: "What is deep learning?")])

    static func chunk(_ content: String) -> String {
        #"data: {"id":"c1","model":"tgi","choices":[{"index":0,"delta":{"content":"\#(content)"}}]}"# + "\n\n"
    }

    @Test(arguments: Kind.allCases)
    func chunksArriveInOrderAndTheStreamEndsAtDone(kind: Kind) async throws {
        let seen = Locked<(request: (accept: String?, body: Data)?, closed: Bool?)>((nil, nil))
        let server = try StreamServer { connection in
            seen.withLock { $0.request = (connection.headers["accept"], connection.body) }
            connection.sendHead()
            connection.sendChunk(": the model is warm\n\n")
            for word in ["Deep", " learning", " is"] {
                connection.sendChunk(Self.chunk(word))
            }
            connection.sendChunk("data: [DONE]\n\n")
            // The body stays open: the stream ends at [DONE], not at the body's end.
            let closed = connection.waitForClose(seconds: 30)
            seen.withLock { $0.closed = closed }
        }
        defer { server.stop() }
        let chat = ChatClient(environment: .custom(Server(scheme: "http", host: "127.0.0.1", port: server.port)), transport: kind.transport)

        var words: [String] = []
        for try await chunk in chat.chatCompletionsStream(Self.request) {
            #expect(chunk.model == "tgi")
            words.append(chunk.choices.first?.delta.content ?? "")
        }

        #expect(words == ["Deep", " learning", " is"])
        let request = try #require(seen.withLock { $0.request })
        #expect(request.accept == "text/event-stream")
        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect(body["stream"] as? Bool == true)
        #expect(body["model"] as? String == "tgi")
        // Ending at [DONE] let the connection go.
        let deadline = ContinuousClock.now + .seconds(20)
        while seen.withLock({ $0.closed }) == nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(seen.withLock { $0.closed } == true)
    }

    @Test func thePlainMethodKeepsTheJSONAnswerAndAsksForNoStream() async throws {
        let server = try HTTPTestServer { request in
            guard request.method == "POST", request.path == "/v1/chat/completions" else { return CannedResponse(status: 404) }
            return .json(#"{"id":"c1","model":"tgi","choices":[{"index":0,"message":{"role":"assistant","content":"A kind of machine learning."},"finish_reason":"stop"}]}"#)
        }
        let chat = ChatClient(environment: .custom(server.server()))

        let answer = try await chat.chatCompletions(body: Self.request)

        #expect(answer.choices.first?.message.content == "A kind of machine learning.")
        let sent = try #require(server.requests.last)
        #expect(!String(decoding: sent.body, as: UTF8.self).contains("stream"))
    }

    @Test func aRejectedStreamThrowsTheAPIErrorBeforeAnyChunk() async throws {
        let server = try HTTPTestServer { _ in .json(#"{"error":"Input validation error","error_type":"validation"}"#, status: 422) }
        let chat = ChatClient(environment: .custom(server.server()))

        do {
            for try await _ in chat.chatCompletionsStream(Self.request) {
                Issue.record("a chunk arrived")
            }
            Issue.record("the stream ended without its error")
        } catch {
            #expect(error.received == 0)
            guard case .api(.unprocessableContent(let body)) = error.reason else {
                Issue.record("expected unprocessableContent, got \(error.reason)")
                return
            }
            #expect(body?.error == "Input validation error")
        }
    }

    @Test func logEntriesArriveAsJSONLines() async throws {
        let server = try HTTPTestServer { request in
            let lines = #"{"level":"info","message":"started"}"# + "\n\n" + #"{"level":"error","message":"out of memory"}"# + "\n"
            return CannedResponse(headers: [(name: "Content-Type", value: "application/x-ndjson")], body: Data(lines.utf8))
        }
        let chat = ChatClient(environment: .custom(server.server()))

        var entries: [LogEntry] = []
        for try await entry in chat.exportLogs(since: 5) {
            entries.append(entry)
        }

        #expect(entries.map(\.message) == ["started", "out of memory"])
        #expect(entries.map(\.level) == [.info, .error])
        #expect(server.requests.last?.query == "since=5")
    }
}

/// A value shared with a server's thread.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
