import Foundation
@testable import StrategyGenerator
import Testing

/// Models that nest others keep a value's inline layout bounded: a field whose model would lay
/// out more than ``ValueLayout/limit`` slots is stored on the heap, and the count starts again there.
@Suite struct ValueLayoutTests {
    /// A spec of `depth` models, each with `width` string fields and the next model inline.
    private func chain(depth: Int, width: Int) -> String {
        var text = "api: Layers\nservers: { production: https://layers.example.com }\nmodels:\n"
        for level in 0..<depth {
            let fields = (0..<width).map { "f\($0): String" } + (level + 1 < depth ? ["next: Level\(level + 1)"] : [])
            text += "  Level\(level): { \(fields.joined(separator: ", ")) }\n"
        }
        return text + "strategies:\n  GetTop: { GET: /top, returns: Level0 }\n"
    }

    private func heapFields(_ models: String) -> [String] {
        models.split(separator: "\n").compactMap { line in
            line.contains("fileprivate let _next: Indirect<") ? line.trimmingCharacters(in: .whitespaces) : nil
        }
    }

    @Test func aFieldIsKeptOnTheHeapWhereItsModelWouldPassTheLimitAndTheCountStartsAgain() throws {
        // From the end: Level9 is 5 slots, Level8 10, … Level5 25, over the limit of 24, so
        // Level4 holds it on the heap and is 6; then Level0 reaches 26, which nothing holds.
        let models = try generateDocument(chain(depth: 10, width: 5), name: "layers.yaml").source("Models")
        #expect(ValueLayout.limit == 24)
        #expect(heapFields(models) == ["fileprivate let _next: Indirect<Level5>"])
        #expect(models.contains("public var next: Level5 { _next.value }"))
    }

    @Test func modelsWithinTheLimitAreHeldInline() throws {
        let models = try generateDocument(chain(depth: 4, width: 5), name: "layers.yaml").source("Models")
        #expect(heapFields(models).isEmpty)
        #expect(models.contains("public let next: Level1"))
    }

    @Test func alongAChainEveryModelThatWouldPassTheLimitIsKeptOnTheHeap() throws {
        let generated = try generateDocument(chain(depth: 100, width: 1), name: "layers.yaml")
        let models = generated.files.filter { $0.name.contains("Models") }.map(\.contents).joined(separator: "\n")
        // Each model is its one field and the next: Level99 is 1 slot, Level75 25, over the
        // limit, so Level74 keeps it on the heap and is 2; and so on every 24 models.
        let held = heapFields(models).map { $0.replacingOccurrences(of: "fileprivate let _next: ", with: "") }
        #expect(held.sorted() == ["Indirect<Level27>", "Indirect<Level3>", "Indirect<Level51>", "Indirect<Level75>"])
    }

    /// Values kept on the heap read, decode, encode and compare as inline ones do.
    @Test func valuesKeptOnTheHeapDecodeEncodeAndCompareAsInlineOnes() async throws {
        let document = """
        api: Payments
        servers: { production: https://payments.example.com }
        models:
          Charge: { id: String, card: Card, previous: Card?, source: Source }
          Card: { brand: String, CARDFIELDS }
          Source:
            oneOf: [Card, String]
        errors:
          PaymentsError:
            status:
              402: { declined: Card }
        strategies:
          CreateCharge: { POST: /charges, body: { json: Charge }, returns: Charge, errors: PaymentsError }
          Pay: { POST: /pay, query: { card_filter: Card? }, body: { form: { card: Card, amount: Int } }, returns: { id: String } }
        """.replacingOccurrences(of: "CARDFIELDS", with: (0..<25).map { "f\($0): String?" }.joined(separator: ", "))
        let output = try await runGeneratedProgram(document: document, main: #"""
        let json = #"{"id": "ch_1", "card": {"brand": "visa", "f3": "x"}, "source": {"brand": "amex"}}"#
        let charge = try JSONDecoder().decode(Charge.self, from: Data(json.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = try encoder.encode(charge)
        let again = try JSONDecoder().decode(Charge.self, from: written)
        guard case .card(let source) = charge.source else { fatalError("not a card") }
        print(charge.card.brand, charge.card.f3 ?? "-", charge.previous == nil, source.brand)
        print(String(decoding: written, as: UTF8.self) == String(decoding: try encoder.encode(again), as: UTF8.self))
        var changed = charge
        changed.card = Card(brand: "mastercard")
        print(changed.card.brand, charge.card.brand)
        let declined = PaymentsError(response: HTTPResponse(status: 402), body: Data(#"{"brand": "visa"}"#.utf8))
        print(declined == .declined(Card(brand: "visa")), declined == .declined(Card(brand: "amex")))
        var payment = Pay.Input(card: Card(brand: "visa"), amount: 5)
        payment.cardFilter = Card(brand: "amex")
        print(payment.card.brand, payment.cardFilter?.brand ?? "-")
        """#)
        #expect(output == """
        visa x true amex
        true
        mastercard visa
        true false
        visa amex

        """)
    }
}
