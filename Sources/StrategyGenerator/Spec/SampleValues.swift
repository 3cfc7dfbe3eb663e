import Foundation

/// The values samples and stubs are built from where the spec gives no example: one fixed value
/// per built-in type, and whether a value the spec gives stands for a built-in type.
enum SampleValues {
    /// Every sample date: 2024-01-02 at midnight UTC, which a date-only format writes whole.
    static let date = Date(timeIntervalSince1970: 1_704_153_600)
    static let uuid = "3fa85f64-5717-4562-b3fc-2c963f66afa6"
    static let url = "https://example.com"

    /// A value of `type`, as JSON writes it; `nil` for a file.
    static func built(_ type: BuiltIn, dateFormat: DateFormatSpec = .iso8601) -> YAMLValue? {
        switch type {
        case .string: .string("string")
        case .int, .int32, .int64: .int(1)
        case .double, .float: .double(1.5)
        case .bool: .bool(true)
        case .date: dateValue(date, format: dateFormat)
        case .url: .string(url)
        case .uuid: .string(uuid)
        case .json: .object([], [:])
        case .data: .string("sample")
        case .file: nil
        }
    }

    /// Whether `value` decodes as `type`, a date in `dateFormat`.
    static func fits(_ value: YAMLValue, _ type: BuiltIn, dateFormat: DateFormatSpec = .iso8601) -> Bool {
        switch (type, value) {
        case (.string, .string), (.bool, .bool), (.json, _), (.int, .int), (.int64, .int), (.data, .string): true
        case (.int32, .int(let number)): Int32(exactly: number) != nil
        case (.double, .int), (.float, .int): true
        case (.double, .double(let number)), (.float, .double(let number)): number.isFinite
        case (.url, .string(let text)): !text.isEmpty && URL(string: text) != nil
        case (.uuid, .string(let text)): UUID(uuidString: text) != nil
        case (.date, _): date(value, format: dateFormat) != nil
        default: false
        }
    }

    /// The date `value` stands for in `format`, as the runtime reads it.
    static func date(_ value: YAMLValue, format: DateFormatSpec) -> Date? {
        switch (format, value) {
        case (.secondsSince1970, .int(let number)): Date(timeIntervalSince1970: Double(number))
        case (.secondsSince1970, .double(let number)): Date(timeIntervalSince1970: number)
        case (.millisecondsSince1970, .int(let number)): Date(timeIntervalSince1970: Double(number) / 1000)
        case (.millisecondsSince1970, .double(let number)): Date(timeIntervalSince1970: number / 1000)
        case (.iso8601, .string(let text)), (.iso8601WithFractionalSeconds, .string(let text)):
            (try? Date(text, strategy: .iso8601)) ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        case (.pattern(let pattern), .string(let text)): formatter(pattern).date(from: text)
        default: nil
        }
    }

    /// `date` as JSON writes it in `format`.
    static func dateValue(_ date: Date, format: DateFormatSpec) -> YAMLValue {
        switch format {
        case .iso8601: .string(date.formatted(Date.ISO8601FormatStyle()))
        case .iso8601WithFractionalSeconds: .string(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        case .secondsSince1970: .int(Int(date.timeIntervalSince1970))
        case .millisecondsSince1970: .int(Int(date.timeIntervalSince1970 * 1000))
        case .pattern(let pattern): .string(formatter(pattern).string(from: date))
        }
    }

    private static func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter
    }
}

/// Sample values of a spec's types as JSON: the spec's examples (a model's own, then each
/// field's) where they fit, values built from the types elsewhere, every optional field filled,
/// a list with one element, a map with one entry. A model met again inside itself stops there:
/// an optional field is left out, a list or map is empty, and a required field makes the value
/// impossible (`nil`).
struct SampleJSON {
    let models: [String: ModelSpec]
    let defaultDateFormat: DateFormatSpec
    /// How many values a sample may hold at most, so models that nest wide and deep stay small.
    var budget = 2000

    init(_ spec: APISpec) {
        models = Dictionary((spec.models + spec.uses.flatMap(\.models)).map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        defaultDateFormat = spec.defaults.dateFormat ?? .iso8601
    }

    /// A value of `type`, built around `given` (the spec's example for this place) where it fits.
    mutating func value(of type: TypeReference, given: YAMLValue? = nil, field: FieldSpec? = nil, visiting: [String] = []) -> YAMLValue? {
        guard budget > 0, visiting.count < 64 else { return nil }
        budget -= 1
        let format = field?.dateFormat ?? defaultDateFormat
        switch type {
        case .optional(let wrapped):
            if given == .null { return .null }
            return value(of: wrapped, given: given, field: field, visiting: visiting)
        case .array(let element):
            // The spec's list, else one its constraints allow (as many items as it needs).
            if case .array(let items)? = given ?? field?.sampleHint, !items.isEmpty {
                let values = items.prefix(16).compactMap { value(of: element, given: $0, field: field, visiting: visiting) }
                if values.count == min(items.count, 16) { return .array(values) }
            }
            return .array(value(of: element, field: field, visiting: visiting).map { [$0] } ?? [])
        case .dictionary(let element):
            if case .object(let keys, let values)? = given, let key = keys.first,
               let item = value(of: element, given: values[key], field: field, visiting: visiting) {
                return .object([key], [key: item])
            }
            return value(of: element, visiting: visiting).map { .object(["key"], ["key": $0]) } ?? .object([], [:])
        case .builtIn(let type):
            if let given, SampleValues.fits(given, type, dateFormat: format) { return given }
            if let hint = field?.sampleHint, SampleValues.fits(hint, type, dateFormat: format) { return hint }
            return SampleValues.built(type, dateFormat: format)
        case .named(let name):
            guard let model = models[name], !visiting.contains(name) else { return nil }
            return value(of: model, given: given ?? model.example, visiting: visiting + [name])
        }
    }

    private mutating func value(of model: ModelSpec, given: YAMLValue?, visiting: [String]) -> YAMLValue? {
        switch model.kind {
        case .enumeration(let enumeration):
            if let given, enumeration.listedCase(given) != nil { return given }
            return enumeration.cases.first.map { enumeration.isInteger ? .int(Int($0.value.value) ?? 0) : .string($0.value.value) }
        case .union(let union):
            // The first member's sample, without what would make it a value of others.
            for (offset, variant) in union.variants.enumerated() {
                guard let value = value(of: variant.type, given: given, visiting: visiting) else { continue }
                if let discriminator = union.discriminator, let kind = variant.value, case .object(var keys, var values) = value {
                    if values[discriminator.value] == nil { keys.append(discriminator.value) }
                    values[discriminator.value] = .string(kind.value)
                    return .object(keys, values)
                }
                guard canTellApart(union) else { return value }
                return distinguished(value, as: offset, in: union)
            }
            return nil
        case .object(let fields):
            var givenValues: [String: YAMLValue] = [:]
            if case .object(_, let values)? = given { givenValues = values }
            var keys: [String] = [], values: [String: YAMLValue] = [:]
            for field in fields {
                let example = givenValues[field.name.value] ?? field.example
                guard let value = value(of: field.type, given: example, field: field, visiting: visiting) else {
                    if field.type.isOptional || field.defaultValue != nil { continue }
                    return nil
                }
                keys.append(field.name.value)
                values[field.name.value] = value
            }
            if let others = model.additionalProperties, let value = value(of: others, visiting: visiting) {
                let key = "additionalProperty"
                if values[key] == nil { keys.append(key); values[key] = value }
            }
            return .object(keys, values)
        }
    }

    /// Whether a value of `type` would hold an example the spec gives: a model's, a field's.
    func holdsExample(_ type: TypeReference, seen: inout Set<String>) -> Bool {
        guard let name = type.modelName, seen.insert(name).inserted, let model = models[name] else { return false }
        return model.example != nil || model.fields.contains(where: { $0.example != nil })
            || model.memberTypes.contains(where: { holdsExample($0, seen: &seen) })
    }
}
