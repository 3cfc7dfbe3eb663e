import StrategyGenerator
import Testing

/// A retry mapping's idempotency key names a header.
@Suite struct RetryTests {
    @Test func anIdempotencyKeyThatIsNoHeaderNameIsAnError() throws {
        let text = """
            api: Shop
            servers: { production: https://shop.example.com }
            defaults:
              retry: { methods: [POST], idempotencyKey: "Idempotency Key" }
            """

        let loaded = try GeneratorPipeline.load(text: text, file: "shop.yaml")

        #expect(loaded.spec.defaults.retry?.idempotencyKeyHeader == nil)
        #expect(loaded.diagnostics.map(\.description) == [
            "shop.yaml:4:45: error: 'Idempotency Key' is not a header name for 'idempotencyKey'; use letters, digits and '-', e.g. 'Idempotency-Key'",
        ])
    }
}
