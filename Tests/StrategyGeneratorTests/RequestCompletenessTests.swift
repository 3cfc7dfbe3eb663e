import Foundation
import Testing

/// What a document lets a caller send, an imported client sends: a free-form body with its keys,
/// `null` where the document allows it, never a read-only property, and bytes as bytes with the
/// media type the document or the caller names. Each test generates a client, builds a program
/// with it against the runtime, and prints each request as the transport is handed it.
///
/// A model the API also returns (`Account`) keeps `T?` for a nullable property, so that reading
/// it stays plain: `nil` leaves the key out. A model only sent (`Settings`) and a body's own
/// fields take `Nullable<T>`.
@Suite struct RequestCompletenessTests {
    /// Prints each request's method, path, `Content-Type` and body, and answers `{}`.
    static let recordingTransport = #"""
    struct Printing: Transport {
        func send(_ request: HTTPRequest, body: Data?, limits: StrategyClient.Limits) async throws -> (HTTPResponse, Data) {
            let type = request.headerFields[.contentType] ?? "none"
            let text = body.map { String(decoding: $0, as: UTF8.self) } ?? "no body"
            print(request.method.rawValue, request.path ?? "", type, text)
            return (HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]), Data("{}".utf8))
        }
    }

    """#

    static let document = """
    openapi: 3.0.3
    info: { title: Probe, version: "1" }
    servers: [{ url: https://api.example.com }]
    paths:
      /profile/preferences:
        put:
          operationId: putPreferences
          requestBody:
            required: true
            content:
              application/json:
                schema: { type: object, description: Every preference; it overwrites those there are. }
          responses: { "204": { description: Saved. } }
      /things/{name}:
        patch:
          operationId: patchThing
          parameters: [{ name: name, in: path, required: true, schema: { type: string } }]
          requestBody:
            required: true
            content:
              application/json-patch+json: { schema: { type: object } }
              application/merge-patch+json: { schema: { type: object } }
          responses: { "204": { description: Patched. } }
      /issues/{number}:
        patch:
          operationId: updateIssue
          parameters: [{ name: number, in: path, required: true, schema: { type: integer } }]
          requestBody:
            content:
              application/json:
                schema:
                  type: object
                  properties:
                    title: { type: string }
                    milestone: { type: integer, nullable: true }
                    assignee: { type: [string, "null"] }
                    id: { type: integer, readOnly: true }
          responses: { "204": { description: Updated. } }
      /account:
        get:
          operationId: getAccount
          responses: { "200": { description: The account., content: { application/json: { schema: { $ref: "#/components/schemas/Account" } } } } }
        put:
          operationId: putAccount
          requestBody:
            required: true
            content: { application/json: { schema: { $ref: "#/components/schemas/Account" } } }
          responses: { "204": { description: Saved. } }
      /settings:
        post:
          operationId: postSettings
          requestBody:
            required: true
            content: { application/json: { schema: { $ref: "#/components/schemas/Settings" } } }
          responses: { "204": { description: Saved. } }
      /assets:
        post:
          operationId: uploadAsset
          requestBody:
            required: true
            content: { "*/*": { schema: { type: string, format: binary } } }
          responses: { "204": { description: Uploaded. } }
      /avatar:
        put:
          operationId: putAvatar
          requestBody:
            required: true
            content: { image/*: { schema: { type: string, format: binary } } }
          responses: { "204": { description: Saved. } }
    components:
      schemas:
        Account:
          type: object
          required: [email]
          properties:
            email: { type: string }
            balance: { type: number, readOnly: true }
            company: { type: string, nullable: true }
        Settings:
          type: object
          properties:
            theme: { type: string }
            signature: { type: string, nullable: true }
            created_at: { type: string, readOnly: true }
    """

    @Test func everyPartADocumentLetsACallerSendIsSent() async throws {
        let output = try await runGeneratedProgram(document: Self.document, main: Self.recordingTransport + #"""
        let api = ProbeClient(environment: .production, transport: Printing())
        try await api.putPreferences(body: ["theme": "dark", "digest": false])
        try await api.patchThing(name: "a", contentType: .jsonPatchJson, body: [["op": "remove", "path": "/x"]])
        try await api.patchThing(name: "a", contentType: .mergePatchJson, body: ["x": .null])
        try await api.updateIssue(number: 1, milestone: .null, assignee: .null)
        try await api.updateIssue(number: 2, title: "Renamed")
        try await api.updateIssue(number: 3, milestone: .value(4), assignee: .value("ana"))
        let account = Account(email: "a@example.com", balance: 12.5, company: nil)
        try await api.putAccount(body: account)
        try await api.postSettings(body: Settings(theme: "dark", signature: .null))
        try await api.uploadAsset(body: Data([0x89, 0x50, 0x4E, 0x47]))
        try await api.putAvatar(body: Data("GIF89a".utf8), contentType: "image/gif")
        try await api.putAvatar(body: .init(ByteStream(Data("PNG".utf8)), contentType: "image/png"))
        """#)

        #expect(output == """
        PUT /profile/preferences application/json {"digest":false,"theme":"dark"}
        PATCH /things/a application/json-patch+json [{"op":"remove","path":"\\/x"}]
        PATCH /things/a application/merge-patch+json {"x":null}
        PATCH /issues/1 application/json {"assignee":null,"milestone":null}
        PATCH /issues/2 application/json {"title":"Renamed"}
        PATCH /issues/3 application/json {"assignee":"ana","milestone":4}
        PUT /account application/json {"email":"a@example.com"}
        POST /settings application/json {"signature":null,"theme":"dark"}
        POST /assets application/octet-stream \u{89}PNG
        PUT /avatar image/gif GIF89a
        PUT /avatar image/png PNG

        """.replacingOccurrences(of: "\u{89}", with: "\u{FFFD}"))
    }

    /// A multipart part of a single value is text, without quotes, even where its schema is a
    /// union (`"auto"` or a number); an object is JSON; a part the document's `encoding` gives a
    /// media type is sent as that type, unless the file names its own.
    @Test func multipartPartsAreSentAsTheirSchemaAndEncodingSay() async throws {
        let document = """
        openapi: 3.0.3
        info: { title: Tuning, version: "1" }
        servers: [{ url: https://tuning.example.com }]
        paths:
          /jobs:
            post:
              operationId: createJob
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      required: [epochs, file]
                      properties:
                        epochs: { oneOf: [{ type: string, enum: [auto] }, { type: integer }] }
                        options: { type: object, properties: { seed: { type: integer } } }
                        file: { type: string, format: binary }
                        preview: { type: string, format: binary }
                    encoding:
                      preview: { contentType: image/png }
              responses: { "204": { description: Started. } }
        """
        let output = try await runGeneratedProgram(document: document, main: Self.recordingTransport + #"""
        let api = TuningClient(environment: .production, transport: Printing())
        let file = RequestBody.File(filename: "a.jsonl", contentType: "application/jsonl", data: Data("{}".utf8))
        let preview = RequestBody.File(filename: "p.png", data: Data("P".utf8))
        try await api.createJob(epochs: .createJobFormEpochsOption1(.auto), options: CreateJobFormOptions(seed: 7), file: file, preview: preview)
        try await api.createJob(epochs: .int(3), file: RequestBody.File(filename: "b.png", contentType: "image/gif", data: Data("G".utf8)), preview: RequestBody.File(filename: "c.png", contentType: "image/webp", data: Data("W".utf8)))
        """#)
        // The parts, each on a line: its headers and its body.
        let parts = output.components(separatedBy: .newlines)
            .filter { !$0.hasPrefix("--") && !$0.hasPrefix("POST") }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }

        #expect(parts == [
            #"Content-Disposition: form-data; name="epochs""#, "auto",
            #"Content-Disposition: form-data; name="options""#, "Content-Type: application/json", #"{"seed":7}"#,
            #"Content-Disposition: form-data; name="file"; filename="a.jsonl""#, "Content-Type: application/jsonl", "{}",
            #"Content-Disposition: form-data; name="preview"; filename="p.png""#, "Content-Type: image/png", "P",
            #"Content-Disposition: form-data; name="epochs""#, "3",
            #"Content-Disposition: form-data; name="file"; filename="b.png""#, "Content-Type: image/gif", "G",
            #"Content-Disposition: form-data; name="preview"; filename="c.png""#, "Content-Type: image/webp", "W",
        ])
    }
}
