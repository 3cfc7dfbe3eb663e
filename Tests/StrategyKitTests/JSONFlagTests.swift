import Foundation
@_spi(Generated) import StrategyKit
import Testing

/// The body a streaming strategy sends when the API streams only if the request asks it to.
@Suite struct JSONFlagTests {
    struct Request: Encodable {
        let prompt: String
        let id: UUID
        let stream: Bool?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try container.encode(prompt, forKey: "prompt")
            try container.encode(id, forKey: "id")
            try container.encodeIfPresent(stream, forKey: "stream")
        }
    }

    let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00CF4FC964FF")!

    @Test func theFlagIsAddedToTheObjectTheValueWrites() throws {
        let body = try RequestBody.json(Request(prompt: "hi", id: id, stream: nil), setting: "stream", to: true)

        #expect(String(decoding: body.data, as: UTF8.self) == #"{"id":"6f9619ff-8b86-d011-b42d-00cf4fc964ff","prompt":"hi","stream":true}"#)
        #expect(body.contentType == "application/json")
    }

    @Test func theFlagWinsOverTheValueTheCallerGave() throws {
        let body = try RequestBody.json(Request(prompt: "hi", id: id, stream: false), setting: "stream", to: true)

        #expect(String(decoding: body.data, as: UTF8.self) == #"{"id":"6f9619ff-8b86-d011-b42d-00cf4fc964ff","prompt":"hi","stream":true}"#)
    }
}
