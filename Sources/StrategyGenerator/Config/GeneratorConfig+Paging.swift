extension GeneratorConfig {
    /// `pagination:` — whether the operations of an imported document get paged sequences inferred
    /// from what the document says, and the paging of operations the inference misses or gets
    /// wrong.
    ///
    /// ```yaml
    /// pagination:
    ///   infer: false                  # no inference; only what 'operations' sets
    ///   operations:                   # by operationId or strategy name
    ///     repos/list-for-org: link    # a kind, its keys inferred
    ///     listEvents: none            # no paging
    ///     search: { style: cursor, parameter: cursor, next: meta.next }   # the spec format's keys
    /// ```
    public struct Paging: Hashable, Sendable {
        /// Whether paging is inferred; where `infer: false` is written, when it is.
        public var infers = true
        /// The paging set for operations by name.
        public var operations: [Choice] = []
        /// Whether each list operation inference leaves unpaged gets a note saying why, as
        /// `--verbose` asks.
        public var notesUnpagedLists = false

        public init(infers: Bool = true, operations: [Choice] = [], notesUnpagedLists: Bool = false) {
            self.infers = infers
            self.operations = operations
            self.notesUnpagedLists = notesUnpagedLists
        }

        /// The paging the configuration sets for one operation.
        public struct Choice: Hashable, Sendable {
            public enum Paging: Hashable, Sendable {
                /// Not paged.
                case none
                /// Paged the way `kind` pages, with the keys inferred from the document.
                case kind(PaginationSpec.Kind)
                /// Paged as the spec format's `pagination` says.
                case spec(PaginationSpec)
            }

            /// The operationId or the strategy name, where it is written.
            public var operation: Named
            public var paging: Paging

            public init(operation: Named, paging: Paging) {
                self.operation = operation
                self.paging = paging
            }
        }

        /// What the configuration sets for the operation with this operationId or strategy name.
        func choice(operationId: String?, strategy: String) -> Choice? {
            operations.last { $0.operation.value == operationId || $0.operation.value == strategy }
        }
    }
}
