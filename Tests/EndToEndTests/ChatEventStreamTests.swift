import Foundation
import StrategyKit
import TestServer
import Testing

/// The responses endpoint of `chat.yaml` on the wire: server-sent events of several kinds, a
/// `oneOf` whose members each say their `type`, reach the caller as cases of the union, picked
/// by the `event:` name, or by the data's `type` where an event has no name; a kind the
/// document doesn't list arrives as `unknown`. The generated method takes stream limits.
@Suite struct ChatEventStreamTests {
    typealias Kind = TransportKind

    static let request = ResponseRequest(model: "tgi", input: "What is deep learning?")

    @Test(arguments: Kind.allCases)
    func eventsOfSeveralKindsArriveAsTheUnionsCases(kind: Kind) async throws {
        let server = try StreamServer { connection in
            connection.sendHead()
            connection.sendChunk("event: response.created\n" + #"data: {"type":"response.created","response":{"id":"r1","output_text":""}}"# + "\n\n")
            connection.sendChunk("event: response.output_text.delta\n" + #"data: {"type":"response.output_text.delta","delta":"Deep"}"# + "\n\n")
            // No name: the data's `type` says what it is.
            connection.sendChunk(#"data: {"type":"response.output_text.delta","delta":" learning"}"# + "\n\n")
            // A kind the document doesn't list.
            connection.sendChunk("event: response.in_progress\n" + #"data: {"type":"response.in_progress","sequence_number":3}"# + "\n\n")
            connection.sendChunk("event: response.completed\n" + #"data: {"type":"response.completed","response":{"id":"r1","output_text":"Deep learning"}}"# + "\n\n")
            connection.end()
        }
        defer { server.stop() }
        let chat = ChatClient(environment: .custom(Server(scheme: "http", host: "127.0.0.1", port: server.port)), transport: kind.transport)

        var seen: [String] = []
        for try await event in chat.createResponseStream(body: Self.request) {
            switch event {
            case .responseCreated(let created): seen.append("created \(created.response.id)")
            case .responseOutputTextDelta(let delta): seen.append("delta \(delta.delta)")
            case .responseCompleted(let completed): seen.append("completed \(completed.response.outputText)")
            case .unknown(let value):
                if case .string(let type)? = value["type"] { seen.append("unknown \(type)") }
            }
        }

        #expect(seen == ["created r1", "delta Deep", "delta  learning", "unknown response.in_progress", "completed Deep learning"])
    }

    @Test(arguments: Kind.allCases)
    func anEventNameChoosesTheCaseWhereTheDataDoesNotSay(kind: Kind) async throws {
        let server = try StreamServer { connection in
            connection.sendHead()
            // The data names another kind: the event's name decides.
            connection.sendChunk("event: response.output_text.delta\n" + #"data: {"type":"delta","delta":"Deep"}"# + "\n\n")
            connection.end()
        }
        defer { server.stop() }
        let chat = ChatClient(environment: .custom(Server(scheme: "http", host: "127.0.0.1", port: server.port)), transport: kind.transport)

        var deltas: [String] = []
        for try await event in chat.createResponseStream(body: Self.request) {
            if case .responseOutputTextDelta(let delta) = event { deltas.append(delta.delta) }
        }

        #expect(deltas == ["Deep"])
    }

    /// A server that rejects every request with a 422 sent as one server-sent event, as an
    /// inference server rejects a request for a stream.
    private static func rejectingServer() throws -> StreamServer {
        try StreamServer { connection in
            connection.sendHead(status: 422)
            connection.sendChunk(#"data: {"error":"Input validation error","error_type":"validation"}"# + "\n\n")
            connection.end()
        }
    }

    /// An inference server rejects a request for a stream with an event: the error is typed.
    @Test(arguments: Kind.allCases)
    func anErrorSentAsAnEventIsTheTypedError(kind: Kind) async throws {
        let server = try Self.rejectingServer()
        defer { server.stop() }
        let chat = ChatClient(environment: .custom(Server(scheme: "http", host: "127.0.0.1", port: server.port)), transport: kind.transport)

        do {
            for try await _ in chat.chatCompletionsStream(ChatStreamingTests.request) {
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
            #expect(body?.errorType == "validation")
        }
    }

    /// The same error, when the streaming strategy is called for its whole body at once.
    @Test(arguments: Kind.allCases)
    func anErrorSentAsAnEventIsTheTypedErrorOfAWholeCall(kind: Kind) async throws {
        let server = try Self.rejectingServer()
        defer { server.stop() }
        let chat = ChatClient(environment: .custom(Server(scheme: "http", host: "127.0.0.1", port: server.port)), transport: kind.transport)

        do {
            _ = try await chat.client.call(ChatCompletionsStream(), ChatStreamingTests.request)
            Issue.record("the call succeeded")
        } catch {
            guard case .api(.unprocessableContent(let body)) = error else {
                Issue.record("expected unprocessableContent, got \(error)")
                return
            }
            #expect(body?.error == "Input validation error")
            #expect(body?.errorType == "validation")
        }
    }

    @Test func theGeneratedMethodsStreamTakesLimits() async throws {
        let server = try StreamServer { connection in
            _ = connection.waitForClose(seconds: 60)
        }
        defer { server.stop() }
        let chat = ChatClient(environment: .custom(Server(scheme: "http", host: "127.0.0.1", port: server.port)), transport: Kind.asyncHTTPClient.transport)

        do {
            for try await _ in chat.createResponseStream(body: Self.request).limited(by: StreamLimits(firstByte: 0.5)) {
                Issue.record("an event arrived")
            }
            Issue.record("the stream ended without its deadline")
        } catch {
            guard case .transport(let failure) = error.reason else {
                Issue.record("expected a timeout, got \(error.reason)")
                return
            }
            // The stream's own deadline, not the client's.
            #expect(failure.kind == .timedOut)
            #expect(failure.detail == "no response within 0.5 s")
        }
    }
}

/// A stubbed client plays a stream back from the document's examples, offline: events a list
/// gives, and events written out as the server sends them, each after the interval.
@Suite struct ChatStubbedStreamTests {
    @Test func theStubbedClientPlaysTheExampleEventsBackInOrderWithTheInterval() async throws {
        let chat = ChatClient.stubbed(streamInterval: .milliseconds(60))
        let started = ContinuousClock.now
        var seen: [String] = []

        for try await event in chat.createResponseStream(body: ChatEventStreamTests.request) {
            switch event {
            case .responseCreated(let created): seen.append("created \(created.response.id)")
            case .responseOutputTextDelta(let delta): seen.append("delta \(delta.delta)")
            case .responseCompleted(let completed): seen.append("completed \(completed.response.outputText)")
            case .unknown: seen.append("unknown")
            }
        }

        #expect(seen == ["created resp_1", "delta Deep", "delta  learning", "completed Deep learning"])
        // Three intervals between four events.
        #expect(started.duration(to: .now) >= .milliseconds(180))
    }

    @Test func eventsWrittenOutAsTheServerSendsThemPlayBackUntilDone() async throws {
        let chat = ChatClient.stubbed(streamInterval: .milliseconds(10))

        var words: [String] = []
        for try await chunk in chat.chatCompletionsStream(ChatStreamingTests.request) {
            words.append(chunk.choices.first?.delta.content ?? "")
        }
        // The same operation's JSON answer stays the plain method's.
        let answer = try await chat.chatCompletions(body: ChatStreamingTests.request)

        #expect(words == ["Deep", " learning"])
        #expect(answer.id == "string")
    }
}
