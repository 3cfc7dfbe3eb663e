import Foundation
@testable import StrategyGenerator
import Testing

/// Answers as real servers send them decode through the models imported from the schemas that
/// describe them, and models that are sent encode what the schema says: each test generates a
/// client, builds a program with it against the runtime and runs it.
@Suite struct ImportedSchemaDecodingTests {
    /// Stripe's deleted objects say `deleted: true` and Slack's answers `ok: true`, each a
    /// Boolean enum of one value: a `Bool`, as are the other Boolean enums; integer and number
    /// enums decode numbers, an enum that lists `null` decodes it, and one of mixed types any JSON.
    @Test func enumsOfValuesOtherThanTextDecodeTheValuesTheyList() async throws {
        let document = """
        openapi: 3.0.3
        info: { title: Shop, version: "1" }
        servers: [{ url: https://shop.example.com }]
        paths:
          /customers/{id}:
            delete:
              operationId: deleteCustomer
              parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
              responses: { "200": { description: Deleted., content: { application/json: { schema: { $ref: "#/components/schemas/DeletedCustomer" } } } } }
          /chat.postMessage:
            post:
              operationId: postMessage
              responses: { "200": { description: Posted., content: { application/json: { schema: { $ref: "#/components/schemas/Posted" } } } } }
        components:
          schemas:
            DeletedCustomer:
              type: object
              required: [id, object, deleted]
              properties:
                id: { type: string }
                object: { type: string, enum: [customer] }
                deleted: { type: boolean, enum: [true], description: Always true for a deleted object. }
            Posted:
              type: object
              required: [ok, channel, archived, flag, priority, ratio, state, level, size]
              properties:
                ok: { type: boolean, enum: [true] }
                channel: { type: string }
                archived: { type: boolean, enum: [false] }
                flag: { type: boolean, enum: [true, false] }
                priority: { type: integer, enum: [1, 2, 3] }
                ratio: { type: number, enum: [0.5, 1.5] }
                state: { type: string, nullable: true, enum: [open, closed, null] }
                level: { enum: [1, 2] }
                size: { enum: [1, auto] }
        """
        let output = try await runGeneratedProgram(document: document, main: #"""
        let deleted = try JSONDecoder().decode(DeletedCustomer.self, from: Data(#"{"id": "cus_1", "object": "customer", "deleted": true}"#.utf8))
        let ok: Bool = deleted.deleted
        print(deleted.id, deleted.object.rawValue, ok)
        let answer = #"{"ok": true, "channel": "C1", "archived": false, "flag": false, "priority": 2, "ratio": 1.5, "state": null, "level": 2, "size": "auto"}"#
        let posted = try JSONDecoder().decode(Posted.self, from: Data(answer.utf8))
        let flags: [Bool] = [posted.ok, posted.archived, posted.flag]
        let ratio: Double = posted.ratio
        print(flags, posted.priority.rawValue, ratio, posted.state as Any, posted.level.rawValue, posted.size)
        """#)

        #expect(output == """
        cus_1 customer true
        [true, false, false] 2 1.5 nil 2 string("auto")

        """)
    }

    /// A schema of `items` without a `type` allows one value as well as a list (a chat API's
    /// `objs_user` comes as one object from `users.info`): both decode.
    @Test func itemsWithoutATypeDecodeOneItemOrAList() async throws {
        let document = """
        openapi: 3.0.3
        info: { title: Chat, version: "1" }
        servers: [{ url: https://chat.example.com }]
        paths:
          /users.info:
            get:
              operationId: usersInfo
              responses: { "200": { description: The user., content: { application/json: { schema: { $ref: "#/components/schemas/Answer" } } } } }
        components:
          schemas:
            Answer:
              type: object
              required: [ok, user]
              properties: { ok: { type: boolean }, user: { $ref: "#/components/schemas/objs_user" } }
            objs_user:
              items: { type: object, required: [id], properties: { id: { type: string } } }
        """
        let output = try await runGeneratedProgram(document: document, main: #"""
        for text in [#"{"ok": true, "user": {"id": "U1"}}"#, #"{"ok": true, "user": [{"id": "U1"}, {"id": "U2"}]}"#] {
            switch try JSONDecoder().decode(Answer.self, from: Data(text.utf8)).user {
            case .one(let user): print("one", user.id)
            case .list(let users): print("list", users.map(\.id))
            }
        }
        """#)

        #expect(output == """
        one U1
        list ["U1", "U2"]

        """)
    }

    /// A union's date member goes out as text in its format and is read back from it, as a
    /// date property is, not as the number of seconds from 2001 that `Date`'s own coding writes.
    @Test func aDateMemberOfAUnionIsTextInItsFormat() async throws {
        let document = """
        openapi: 3.0.3
        info: { title: Calendar, version: "1" }
        servers: [{ url: https://calendar.example.com }]
        paths:
          /events:
            post:
              operationId: createEvent
              requestBody:
                content: { application/json: { schema: { $ref: "#/components/schemas/When" } } }
              responses: { "200": { description: The event., content: { application/json: { schema: { $ref: "#/components/schemas/Day" } } } } }
          /events/next:
            get:
              operationId: nextEvent
              responses: { "200": { description: When., content: { application/json: { schema: { $ref: "#/components/schemas/When" } } } } }
        components:
          schemas:
            When:
              oneOf:
                - { type: string, format: date-time }
                - { type: integer }
            Day:
              oneOf:
                - { type: string, format: date }
                - { type: integer }
        """
        let output = try await runGeneratedProgram(document: document, main: #"""
        let sent = try JSONEncoder().encode(When.date(Date(timeIntervalSince1970: 1_714_564_800)))
        print(String(decoding: sent, as: UTF8.self))
        if case .date(let date) = try JSONDecoder().decode(When.self, from: Data(#""2024-05-01T12:00:00Z""#.utf8)) {
            print(date.timeIntervalSince1970)
        }
        if case .date(let day) = try JSONDecoder().decode(Day.self, from: Data(#""2024-05-02""#.utf8)) {
            print(day.timeIntervalSince1970)
        }
        """#)

        #expect(output == """
        "2024-05-01T12:00:00Z"
        1714564800.0
        1714608000.0

        """)
    }

    /// YAML reads an unquoted `Null` as null, but among the words of a text enum it is the word
    /// (cloud-hypervisor's `enum: [Off, Pty, Tty, File, Socket, Null]`): a value, not nullability.
    @Test func aTextEnumsNullWrittenAsAWordIsAValue() throws {
        let generated = try generateDocument("""
        openapi: 3.0.3
        info: { title: VMM, version: "1" }
        servers: [{ url: https://vmm.example.com }]
        paths:
          /console:
            get:
              operationId: getConsole
              responses: { "200": { description: One., content: { application/json: { schema: { $ref: "#/components/schemas/Console" } } } } }
        components:
          schemas:
            Console:
              type: object
              required: [mode, state]
              properties:
                mode: { type: string, enum: [Off, Tty, Null] }
                state: { type: string, enum: [on, off, null] }
        """, name: "vmm.yaml")
        let models = generated.source("Models")

        #expect(models.contains(#"public static var null: Self { Self("Null") }"#))
        #expect(models.contains(#"self.mode = try container.decode(ConsoleMode.self, forKey: "mode")"#))
        #expect(models.contains(#"self.state = try container.decode(ConsoleState?.self, forKey: "state")"#))
    }

    /// A schema that wraps one reference is that reference's type unless it requires more of it
    /// (`allOf: [{$ref: Pet}], required: [name]`), which makes a model of its own; a union
    /// beside a part that only requires is the union.
    @Test func anAllOfOfOneReferenceIsItsTypeUnlessItRequiresMore() throws {
        let generated = try generateDocument("""
        openapi: 3.0.3
        info: { title: Zoo, version: "1" }
        servers: [{ url: https://zoo.example.com }]
        paths:
          /pets:
            get:
              operationId: getPets
              responses: { "200": { description: Some., content: { application/json: { schema: { $ref: "#/components/schemas/Listing" } } } } }
        components:
          schemas:
            Pet: { type: object, properties: { id: { type: integer }, name: { type: string } } }
            Cat: { type: object, properties: { meows: { type: boolean } } }
            Dog: { type: object, properties: { barks: { type: boolean } } }
            Listing:
              type: object
              required: [described, named, either]
              properties:
                described: { allOf: [{ $ref: "#/components/schemas/Pet" }], description: The pet shown first. }
                named: { allOf: [{ $ref: "#/components/schemas/Pet" }], required: [name] }
                either: { allOf: [{ oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }] }, { required: [kind] }] }
        """, name: "zoo.yaml")
        let models = generated.source("Models")

        #expect(models.contains("public let described: Pet\n"))
        #expect(models.contains("public let named: ListingNamed\n"))
        #expect(models.contains(#"self.name = try container.decode(String.self, forKey: "name")"#))
        #expect(models.contains("public let either: ListingEither\n"))
        #expect(models.contains("case cat(Cat)"))
        #expect(generated.warnings.allSatisfy { !$0.description.contains("left out") }, "\(generated.warnings)")
    }

    /// An object that declares properties and keeps others (`additionalProperties: true`, `{}`
    /// or a schema) decodes every key it doesn't declare into `additionalProperties`, and sends
    /// them back beside its fields; a property of its own named `additionalProperties` stays its.
    @Test func anObjectWithPropertiesAndAdditionalPropertiesKeepsTheOthers() async throws {
        let document = """
        openapi: 3.0.3
        info: { title: Shop, version: "1" }
        servers: [{ url: https://shop.example.com }]
        paths:
          /products:
            post:
              operationId: addProduct
              requestBody: { required: true, content: { application/json: { schema: { $ref: "#/components/schemas/Product" } } } }
              responses: { "200": { description: Added., content: { application/json: { schema: { $ref: "#/components/schemas/Product" } } } } }
          /stock:
            get:
              operationId: getStock
              responses: { "200": { description: Stock., content: { application/json: { schema: { $ref: "#/components/schemas/Stock" } } } } }
          /settings:
            get:
              operationId: getSettings
              responses: { "200": { description: Settings., content: { application/json: { schema: { $ref: "#/components/schemas/Settings" } } } } }
        components:
          schemas:
            Product:
              type: object
              required: [id]
              properties:
                id: { type: string }
                name: { type: string }
              additionalProperties: { type: string }
            Stock:
              type: object
              required: [total]
              properties:
                total: { type: integer }
              additionalProperties: { type: integer }
            Settings:
              type: object
              properties:
                theme: { type: string }
                additionalProperties: { type: boolean }
              additionalProperties: true
        """
        let output = try await runGeneratedProgram(document: document, main: #"""
        let product = try JSONDecoder().decode(Product.self, from: Data(#"{"id": "p1", "name": "Lamp", "color": "red", "size": "XL"}"#.utf8))
        print(product.id, product.name ?? "-", product.additionalProperties.sorted { $0.key < $1.key })
        var sent = product
        sent.additionalProperties["material"] = "oak"
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        print(String(decoding: try encoder.encode(sent), as: UTF8.self))
        let stock = try JSONDecoder().decode(Stock.self, from: Data(#"{"total": 5, "lamp": 2, "desk": 3}"#.utf8))
        print(stock.total, stock.additionalProperties.sorted { $0.key < $1.key })
        let settings = try JSONDecoder().decode(Settings.self, from: Data(#"{"theme": "dark", "additionalProperties": true, "beta": {"on": [1, 2]}}"#.utf8))
        print(settings.theme ?? "-", settings.additionalProperties ?? false, settings.otherProperties)
        """#)

        #expect(output == """
        p1 Lamp [(key: "color", value: "red"), (key: "size", value: "XL")]
        {"color":"red","id":"p1","material":"oak","name":"Lamp","size":"XL"}
        5 [(key: "desk", value: 3), (key: "lamp", value: 2)]
        dark true ["beta": StrategyKit.JSONValue.object(["on": StrategyKit.JSONValue.array([StrategyKit.JSONValue.integer(1), StrategyKit.JSONValue.integer(2)])])]

        """)
    }

    /// A response example whose other keys hold values of another type than the object keeps
    /// them as would not decode in a stub: it is left out, and the others stay.
    @Test func anExampleWhoseOtherKeysDontFitIsLeftOut() throws {
        let generated = try generateDocument("""
        openapi: 3.0.3
        info: { title: Shop, version: "1" }
        servers: [{ url: https://shop.example.com }]
        paths:
          /stock:
            get:
              operationId: getStock
              responses:
                "200":
                  description: Stock.
                  content: { application/json: { schema: { $ref: "#/components/schemas/Stock" }, example: { total: 5, lamp: two } } }
          /stock/desk:
            get:
              operationId: getDeskStock
              responses:
                "200":
                  description: Stock.
                  content: { application/json: { schema: { $ref: "#/components/schemas/Stock" }, example: { total: 5, desk: 3 } } }
        components:
          schemas:
            Stock:
              type: object
              required: [total]
              properties:
                total: { type: integer }
              additionalProperties: { type: integer }
        """, name: "shop.yaml")

        #expect(generated.warnings.map(\.message).contains(
            "the example of strategy 'GetStock' doesn't decode as its output: 'lamp' is a string, not 'Int'; the example of operation 'GetStock' is left out"
        ))
        #expect(generated.source("Stubs").contains(#""desk": 3"#))
        #expect(!generated.source("Stubs").contains("lamp"))
    }

    /// `allOf` of a reference and a part that only requires some of its properties, or keeps
    /// other keys, is the referenced object with those properties required: a create call sends
    /// the fields, and an answer's fields are read.
    @Test func anAllOfThatRequiresPropertiesOfAReferenceHasThemRequired() async throws {
        let document = """
        openapi: 3.0.3
        info: { title: Zoo, version: "1" }
        servers: [{ url: https://zoo.example.com }]
        paths:
          /pets:
            post:
              operationId: addPet
              requestBody: { required: true, content: { application/json: { schema: { $ref: "#/components/schemas/NewPet" } } } }
              responses: { "200": { description: Added., content: { application/json: { schema: { $ref: "#/components/schemas/StoredPet" } } } } }
        components:
          schemas:
            Pet:
              type: object
              properties:
                id: { type: integer }
                name: { type: string }
                tag: { type: string, nullable: true }
            NewPet:
              allOf:
                - $ref: "#/components/schemas/Pet"
                - required: [name]
                  additionalProperties: true
            StoredPet:
              allOf:
                - $ref: "#/components/schemas/Pet"
                - type: object
                  required: [id, name, tag]
        """
        let output = try await runGeneratedProgram(document: document, main: #"""
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let pet = NewPet(name: "Rex", additionalProperties: ["chip": "123"])
        print(String(decoding: try encoder.encode(pet), as: UTF8.self))
        let stored = try JSONDecoder().decode(StoredPet.self, from: Data(#"{"id": 7, "name": "Rex", "tag": null}"#.utf8))
        let id: Int = stored.id, name: String = stored.name
        print(id, name, stored.tag ?? "no tag")
        """#)

        #expect(output == """
        {"chip":"123","name":"Rex"}
        7 Rex no tag

        """)
    }
}
