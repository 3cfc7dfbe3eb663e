import Foundation
import HTTPTypes
@_spi(Generated) import StrategyKit
import Testing

/// A response header the API documents as required is read as a value, and its absence fails
/// the call as a missing JSON field would; an optional one that is missing is `nil`.
@Suite struct RequiredHeaderTests {
    let fields: HTTPFields = [HTTPField.Name("X-Rate-Limit")!: " 41 ", HTTPField.Name("X-Request-Id")!: "abc"]

    @Test func aRequiredHeaderReadsAsItsType() throws {
        #expect(try fields.required("X-Rate-Limit", as: Int.self) == 41)
        #expect(try fields.required("X-Request-Id") == "abc")
        #expect(fields.value("X-Cache") == nil)
    }

    @Test func aMissingOrUnreadableRequiredHeaderThrows() {
        #expect(throws: DecodingError.self) { try fields.required("X-Cache") }
        #expect(throws: DecodingError.self) { try fields.required("X-Request-Id", as: Int.self) }
    }
}
