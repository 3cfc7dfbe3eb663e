import Foundation

/// Brings what a document's `$ref`s name in other files into the document itself, so the importer
/// reads one tree (documents split over files, as DigitalOcean's is).
///
/// A reference where a schema belongs (`schema`, `items`, `properties`, `allOf`…, or a target
/// among another file's schemas) becomes a component schema of the document, named after its
/// pointer's last part or its file (`models/droplet.yml` → `droplet`), once however often it is
/// used, so recursive schemas across files stay recursive. Any other reference (a path item, a
/// parameter, a response) is replaced by what it names. References inside another file are read
/// relative to that file, and its nodes keep their own positions, so diagnostics point into it.
/// A file or place that can't be read costs what refers to it, with a warning at the reference.
struct ExternalReferences {
    /// The bytes of other files read at most per document: a document published as a tree of
    /// thousands of files is read whole, and the work stays bounded by what is read. Also the
    /// files read and the references replaced by what they name at most.
    static let maximumBytes = 256 * 1024 * 1024
    static let maximumFiles = 100_000
    static let maximumInlined = 1_000_000

    typealias Reader = (String) throws(DiagnosticsError) -> YAMLNode?

    private let read: Reader
    private let rootFile: String
    /// `components/schemas` for OpenAPI 3, `definitions` for Swagger 2.0.
    private let schemaSection: [String]
    private var documents: [String: YAMLNode?] = [:]
    private var bytesRead = 0
    private var failedFiles: [String: String] = [:]
    /// `file#pointer` → the component key its schema has in the document.
    private var hoisted: [String: String] = [:]
    private var newSchemas: [(key: String, schema: YAMLNode)] = []
    private var takenKeys: Set<String> = []
    private var inlining: [String] = []
    private var inlined = 0
    private(set) var warnings: [Diagnostic] = []
    /// The places of the references that couldn't be brought in, already warned about.
    private(set) var unresolved: Set<SourceLocation> = []

    init(rootFile: String, isSwagger: Bool, read: @escaping Reader) {
        self.rootFile = rootFile
        self.read = read
        schemaSection = isSwagger ? ["definitions"] : ["components", "schemas"]
    }

    /// The document with every reference to another file replaced; itself when it has none.
    mutating func bundle(_ root: YAMLNode) -> YAMLNode {
        var existing = root
        for key in schemaSection { existing = existing[key] ?? YAMLNode(kind: .mapping([]), location: root.location) }
        takenKeys = Set(existing.members.map(\.key))
        documents[rootFile] = root
        let bundled = walk(root, file: rootFile, context: .other, isRoot: true, at: JSONPointer())
        guard !newSchemas.isEmpty else { return bundled }
        return adding(newSchemas, under: schemaSection[...], to: bundled)
    }

    // MARK: Walking

    /// What the members of a node are: schemas, a map or list of schemas, values to copy as they
    /// are (examples, enums), or anything else.
    private enum Context {
        case other, schema, schemaMap, schemaList, opaque
    }

    private func context(ofValueAt key: String, in context: Context) -> Context {
        switch context {
        case .opaque: return .opaque
        case .schemaMap: return .schema
        case .schemaList: return .schema
        case .schema:
            switch key {
            case "properties", "patternProperties", "definitions", "$defs": return .schemaMap
            case "items", "additionalProperties", "not", "schema", "contains", "propertyNames": return .schema
            case "allOf", "anyOf", "oneOf", "prefixItems": return .schemaList
            case "example", "examples", "enum", "default", "const": return .opaque
            default: return .other
            }
        case .other:
            switch key {
            case "schema": return .schema
            case "schemas", "definitions": return .schemaMap
            case "example", "examples", "default", "enum": return .opaque
            default: return .other
            }
        }
    }

    private mutating func walk(_ node: YAMLNode, file: String, context: Context, isRoot: Bool, at pointer: JSONPointer) -> YAMLNode {
        guard context != .opaque else { return node }
        switch node.kind {
        case .scalar:
            return node
        case .sequence(let items):
            let itemContext: Context = context == .schemaList ? .schema : .other
            return YAMLNode(kind: .sequence(items.enumerated().map { walk($0.element, file: file, context: itemContext, isRoot: isRoot, at: pointer.appending($0.offset)) }), location: node.location)
        case .mapping(let pairs):
            if let target = node.reference, !(isRoot && target.hasPrefix("#")) {
                return external(node, target: target, file: file, context: context, at: pointer)
            }
            let walked = pairs.map { pair in
                let key = pair.key.scalar ?? ""
                // Among responses, `default` is a response (often a reference to a shared
                // one), not a default value.
                let isResponse = context == .other && key == "default" && pointer.tokens.last == "responses"
                let valueContext = isResponse ? .other : self.context(ofValueAt: key, in: context)
                return (key: pair.key, value: walk(pair.value, file: file, context: valueContext, isRoot: isRoot, at: pointer.appending(key)))
            }
            return YAMLNode(kind: .mapping(walked), location: node.location)
        }
    }

    /// The node a reference from `file` names, brought into the document.
    private mutating func external(_ node: YAMLNode, target: String, file: String, context: Context, at place: JSONPointer) -> YAMLNode {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let filePart = String(parts[0])
        let pointerText = parts.count > 1 ? String(parts[1]) : ""
        guard !filePart.contains("://") else {
            return unresolved(node, "'\(target)' is on the network, which is not read; what uses it is left out", at: place)
        }
        let path = filePart.isEmpty ? file : SpecLoader.resolve(filePart.removingPercentEncoding ?? filePart, relativeTo: file)
        if path == rootFile {
            // A reference into the document itself, spelled with its file name.
            return reference("#" + pointerText, at: node)
        }
        guard let document = document(at: path, for: node, target: target, at: place) else { return node }
        guard let found = document.node(atPointer: pointerText[...]) else {
            return unresolved(node, "'\(target)' names no part of its file; what uses it is left out", at: place)
        }
        let id = path + "#" + pointerText
        let isSchema = context == .schema || context == .schemaMap
            || pointerText.hasPrefix("/components/schemas/") || pointerText.hasPrefix("/definitions/")
        if isSchema {
            if let key = hoisted[id] { return reference(schemaReference(key), at: node) }
            let key = uniqueKey(Self.name(pointer: pointerText, path: path))
            hoisted[id] = key
            let index = newSchemas.count
            newSchemas.append((key, found))
            newSchemas[index].schema = walk(found, file: path, context: .schema, isRoot: false, at: Self.pointer(pointerText))
            return reference(schemaReference(key), at: node)
        }
        guard !inlining.contains(id) else {
            return unresolved(node, "'\(target)' refers back to itself through other files; what uses it is left out", at: place)
        }
        inlined += 1
        guard inlined <= Self.maximumInlined else {
            return unresolved(node, "the document brings in more than \(Self.maximumInlined) parts of other files; '\(target)' is left out", at: place)
        }
        inlining.append(id)
        defer { inlining.removeLast() }
        return walk(found, file: path, context: context, isRoot: false, at: Self.pointer(pointerText))
    }

    private mutating func document(at path: String, for node: YAMLNode, target: String, at place: JSONPointer) -> YAMLNode? {
        if let reason = failedFiles[path] {
            _ = unresolved(node, "'\(target)' can't be read (\(reason)); what uses it is left out", at: place)
            return nil
        }
        if let document = documents[path] { return document }
        guard documents.count < Self.maximumFiles else {
            _ = unresolved(node, "the document refers to more than \(Self.maximumFiles) files; '\(target)' is left out", at: place)
            return nil
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
        guard bytesRead + size <= Self.maximumBytes else {
            _ = unresolved(node, "the document's files come to more than \(Self.maximumBytes / 1024 / 1024) MiB; '\(target)' is left out", at: place)
            return nil
        }
        bytesRead += size
        do throws(DiagnosticsError) {
            let document = try read(path)
            documents[path] = document
            return document
        } catch {
            let first = error.diagnostics.first
            let message = (first?.message ?? "").replacingOccurrences(of: "cannot read the spec: ", with: "")
            let at = first?.location.flatMap { $0.line > 1 || $0.column > 1 ? "\($0): " : nil } ?? ""
            let reason = at + message
            failedFiles[path] = reason
            _ = unresolved(node, "'\(target)' can't be read (\(reason)); what uses it is left out", at: place)
            return nil
        }
    }

    private mutating func unresolved(_ node: YAMLNode, _ message: String, at place: JSONPointer) -> YAMLNode {
        warnings.append(.warning("\(message) (\(place))", at: node.location))
        unresolved.insert(node.location)
        return node
    }

    // MARK: Names and nodes

    /// `/components/schemas/Pet` as a pointer, to name places inside it.
    private static func pointer(_ text: String) -> JSONPointer {
        text.split(separator: "/").reduce(JSONPointer()) { $0.appending(JSONPointer.unescaped($1)) }
    }

    private func schemaReference(_ key: String) -> String {
        "#/" + schemaSection.joined(separator: "/") + "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// `/components/schemas/Pet` → `Pet`; a whole file `models/droplet.yml` → `droplet`.
    private static func name(pointer: String, path: String) -> String {
        if let last = pointer.split(separator: "/").last {
            return JSONPointer.unescaped(last)
        }
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.split(separator: ".").first.map(String.init) ?? file
    }

    private mutating func uniqueKey(_ base: String) -> String {
        var key = base, suffix = 2
        while takenKeys.contains(key) {
            key = "\(base)\(suffix)"
            suffix += 1
        }
        takenKeys.insert(key)
        return key
    }

    private func reference(_ target: String, at node: YAMLNode) -> YAMLNode {
        let key = YAMLNode(kind: .scalar("$ref", quoted: true), location: node.location)
        let value = YAMLNode(kind: .scalar(target, quoted: true), location: node["$ref"]?.location ?? node.location)
        return YAMLNode(kind: .mapping([(key: key, value: value)]), location: node.location)
    }

    /// `node` with `schemas` added under the keys of `section`, created where missing.
    private func adding(_ schemas: [(key: String, schema: YAMLNode)], under section: ArraySlice<String>, to node: YAMLNode) -> YAMLNode {
        guard case .mapping(var pairs) = node.kind else { return node }
        guard let key = section.first else {
            pairs += schemas.map { (key: YAMLNode(kind: .scalar($0.key, quoted: true), location: $0.schema.location), value: $0.schema) }
            return YAMLNode(kind: .mapping(pairs), location: node.location)
        }
        if let index = pairs.firstIndex(where: { $0.key.scalar == key }) {
            pairs[index].value = adding(schemas, under: section.dropFirst(), to: pairs[index].value)
        } else {
            let empty = YAMLNode(kind: .mapping([]), location: node.location)
            pairs.append((key: YAMLNode(kind: .scalar(key, quoted: true), location: node.location), value: adding(schemas, under: section.dropFirst(), to: empty)))
        }
        return YAMLNode(kind: .mapping(pairs), location: node.location)
    }
}
