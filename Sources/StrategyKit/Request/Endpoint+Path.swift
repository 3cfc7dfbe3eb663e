import Foundation

extension Endpoint {
    /// A percent-encoded request path built by string interpolation.
    ///
    /// Literal text is kept as written; every interpolated value is encoded as one path segment,
    /// so a value such as `"a/b?c"` can never leave its segment. A value that is `.` or `..` is
    /// refused when the request is built (``RequestBuildingError/dotSegment(_:)``): URL
    /// normalisation turns even `%2E%2E` back into a step up the path.
    ///
    /// ```swift
    /// let path: Endpoint.Path = "/users/\(id)/posts"
    /// ```
    public struct Path: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
        /// The path as it goes on the wire.
        public private(set) var encoded: String
        /// The first interpolated value that is `.` or `..`, if any; such a path can't be sent.
        public private(set) var dotSegment: String?

        /// A path written without interpolation, kept as written.
        public init(stringLiteral value: String) {
            encoded = value
        }

        /// A path with interpolated values, each encoded as one segment.
        public init(stringInterpolation: StringInterpolation) {
            encoded = stringInterpolation.encoded
            dotSegment = stringInterpolation.dotSegment
        }

        /// The path as it goes on the wire.
        public var description: String { encoded }

        /// Builds a ``Endpoint/Path``, encoding each interpolated value as one path segment.
        public struct StringInterpolation: StringInterpolationProtocol {
            fileprivate var encoded = ""
            fileprivate var dotSegment: String?

            /// An empty path, with room for the parts to come.
            public init(literalCapacity: Int, interpolationCount: Int) {
                encoded.reserveCapacity(literalCapacity + interpolationCount * 8)
            }

            /// Appends literal text as written.
            public mutating func appendLiteral(_ literal: String) {
                encoded += literal
            }

            /// Appends `value`'s text percent-encoded as one path segment; a `Double` in plain
            /// decimal (`0.00001`, not `1e-05`).
            public mutating func appendInterpolation(_ value: some LosslessStringConvertible) {
                appendSegment(ParameterText.of(value))
            }

            /// Appends the raw value of `value`, such as an enum's, as one path segment.
            public mutating func appendInterpolation<Value: RawRepresentable>(_ value: Value) where Value.RawValue: LosslessStringConvertible {
                appendSegment(ParameterText.of(value.rawValue))
            }

            /// Appends the UUID in lower-case hexadecimal with hyphens (as RFC 9562 writes it), as
            /// one path segment.
            public mutating func appendInterpolation(_ value: UUID) {
                appendSegment(value.lowercasedString)
            }

            /// Appends a generated value (an enum's raw value, say) as one path segment.
            @_spi(Generated) @_disfavoredOverload
            public mutating func appendInterpolation(_ value: some ParameterValue) {
                appendSegment(value.parameterValue)
            }

            /// Appends a list, an object or a value in its path style (`a,b`, `.a.b`,
            /// `;id=a;id=b`): each value percent-encoded as one segment's text, the style's
            /// separators kept.
            @_spi(Generated)
            public mutating func appendInterpolation<Value>(_ value: Styled<Value>) {
                let text = value.pathText
                if (text == "." || text == "..") && dotSegment == nil { dotSegment = text }
                encoded += text
            }

            /// Appends `value` as segments: its `/` stay separators, and each part between them is
            /// percent-encoded as one segment, for a value such as a file path (`docs/README.md`). A
            /// part that is `.` or `..` is refused as a whole value would be.
            ///
            /// ```swift
            /// let path: Endpoint.Path = "/repos/\(owner)/contents/\(segments: file)"
            /// ```
            public mutating func appendInterpolation(segments value: some LosslessStringConvertible) {
                appendSegments(ParameterText.of(value))
            }

            /// Appends a generated value as segments, its `/` kept as separators.
            @_spi(Generated) @_disfavoredOverload
            public mutating func appendInterpolation(segments value: some ParameterValue) {
                appendSegments(value.parameterValue)
            }

            private mutating func appendSegments(_ text: String) {
                for (index, part) in text.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
                    if index > 0 { encoded += "/" }
                    appendSegment(String(part))
                }
            }

            private mutating func appendSegment(_ text: String) {
                if (text == "." || text == "..") && dotSegment == nil { dotSegment = text }
                encoded += PercentEncoding.pathSegment(text)
            }
        }
    }
}
