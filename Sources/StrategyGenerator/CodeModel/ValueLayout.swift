/// Which values of the generated models are kept on the heap so that no model's value grows
/// past a bound, whatever the models nest.
///
/// A struct holds its fields' values inline, and they hold theirs: a payments API whose charge
/// holds its payment method's details, which hold dozens of structs of their own, would lay out
/// one value of thousands of words. Every copy, comparison and value witness of such a type is
/// code the size of its layout, and the compiler's instruction scheduler takes time quadratic
/// in the loads of one block, so such a client builds many times slower per line than one of flat
/// models. A field whose model would lay out more than ``limit`` slots inline is stored as an
/// `Indirect` (one reference), and so is each variant of a union whose largest variant would:
/// the model reads and writes it through a property of its own type, as it does a field that
/// makes a struct hold itself.
///
/// A slot is a field of a scalar, a list, a map or a string enum; an object's slots are its
/// fields', an inline model's counted in; a union's are its largest variant's.
struct ValueLayout: Sendable {
    /// The most slots a model's value lays out inline before a field holding it keeps it on the heap.
    static let limit = 24

    /// The slots of each object and union model, as it is laid out.
    private var slots: [String: Int] = [:]
    /// The unions kept on the heap: they hold themselves, or a variant of more than ``limit`` slots.
    private var indirectUnions: Set<String> = []

    init(models: [ResolvedModel]) {
        var byName: [String: ResolvedModel] = [:]
        for model in models where byName[model.name.value] == nil {
            byName[model.name.value] = model
        }
        // A walk with its own stack, so that no chain of models can overflow the generator's: a
        // model's slots are worked out once those of the models it holds inline are.
        for model in models where slots[model.name.value] == nil {
            var stack = [model.name.value]
            var open: Set<String> = []
            while let name = stack.last {
                guard slots[name] == nil, let model = byName[name] else {
                    stack.removeLast()
                    continue
                }
                let pending = inlineModels(of: model).filter { slots[$0] == nil && byName[$0] != nil && !open.contains($0) }
                if open.insert(name).inserted, !pending.isEmpty {
                    stack += pending
                    continue
                }
                stack.removeLast()
                open.remove(name)
                settle(model)
            }
        }
    }

    /// Whether `field` of an object model is stored on the heap.
    func storesOnHeap(_ field: FieldSpec) -> Bool {
        field.isIndirect || inlineSlots(of: field.type) > Self.limit
    }

    /// Whether the enum of union model `model` is `indirect`.
    func isIndirect(_ model: ResolvedModel) -> Bool {
        model.holdsItself || indirectUnions.contains(model.name.value)
    }

    /// Whether an enum with a case holding a value of each of `types` is `indirect`, as a union
    /// is: an error type whose body is large, which every call of its API passes through.
    func holdsLargeValues(_ types: [TypeReference]) -> Bool {
        types.contains { inlineSlots(of: $0) > Self.limit }
    }

    /// The slots a value of `type` takes where it is stored: a model's own, and one for the rest.
    private func inlineSlots(of type: TypeReference) -> Int {
        switch type {
        case .optional(let wrapped): inlineSlots(of: wrapped)
        case .builtIn, .array, .dictionary: 1
        case .named(let name): slots[name] ?? 1
        }
    }

    /// The names of the models a value of `model` holds inline, whose slots count in its own.
    private func inlineModels(of model: ResolvedModel) -> [String] {
        switch model.kind {
        case .object(let fields): fields.filter { !$0.isIndirect }.compactMap { Self.inlineName($0.type) }
        case .union(let union) where !model.holdsItself: union.variants.compactMap { Self.inlineName($0.type) }
        case .union, .enumeration: []
        }
    }

    private static func inlineName(_ type: TypeReference) -> String? {
        switch type {
        case .optional(let wrapped): inlineName(wrapped)
        case .builtIn, .array, .dictionary: nil
        case .named(let name): name
        }
    }

    /// Works out `model`'s slots from those of the models it holds inline (a model still on the
    /// walk's path, which only a field the spec already keeps on the heap could reach, counts one).
    private mutating func settle(_ model: ResolvedModel) {
        switch model.kind {
        case .object(let fields):
            slots[model.name.value] = fields.reduce(0) { total, field in
                total + (storesOnHeap(field) ? 1 : inlineSlots(of: field.type))
            }
        case .union(let union):
            let largest = union.variants.map { inlineSlots(of: $0.type) }.max() ?? 0
            if model.holdsItself || largest > Self.limit {
                indirectUnions.insert(model.name.value)
                slots[model.name.value] = 1
            } else {
                slots[model.name.value] = largest + 1
            }
        case .enumeration:
            slots[model.name.value] = 1
        }
    }
}
