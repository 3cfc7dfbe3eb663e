import Foundation

extension StrategyClient {
    /// The pages of a list, fetched lazily: the first when the sequence is first asked for an
    /// element, each next one only when asked for again, until the strategy's
    /// ``PaginatedStrategy/pagination`` says the list ends.
    ///
    /// ```swift
    /// for try await page in client.pages(GetWall(), GetWall.Input(ownerId: 1)) { … }
    /// for try await post in client.pages(GetWall(), GetWall.Input(ownerId: 1)).items { … }
    /// ```
    public func pages<S: PaginatedStrategy>(_ strategy: S, _ input: S.Input) -> StrategyClient.PageSequence<S> {
        StrategyClient.PageSequence(client: self, strategy: strategy, input: input)
    }
}

extension StrategyClient {
    /// The pages of a list, each the output of one call of a ``PaginatedStrategy``; a failed call
    /// throws its ``CallError`` and ends the sequence.
    public struct PageSequence<S: PaginatedStrategy>: AsyncSequence, Sendable {
        /// One page: the strategy's output.
        public typealias Element = S.Output
        /// What a failed call throws.
        public typealias Failure = CallError<S.Failure>

        let client: StrategyClient
        let strategy: S
        let input: S.Input

        /// The items of every page, in order.
        public var items: Items {
            Items(pages: self)
        }

        /// An iterator that sends no request before its first `next()`.
        public func makeAsyncIterator() -> Iterator {
            Iterator(client: client, strategy: strategy, next: .input(input))
        }

        /// Fetches one page per `next()`.
        public struct Iterator: AsyncIteratorProtocol {
            /// What a failed call throws.
            public typealias Failure = CallError<S.Failure>

            let client: StrategyClient
            let strategy: S
            var next: Pagination<S.Input>.Next?

            /// The next page; `nil` after the last, or after a failure.
            public mutating func next() async throws(CallError<S.Failure>) -> S.Output? {
                guard let current = next else { return nil }
                next = nil
                let page: Page<S.Output>
                switch current {
                case .input(let input):
                    page = try await client.page(strategy, input)
                    next = strategy.pagination.next(after: input, request: page.request, response: page.response, body: page.body)
                case .url(let input, let url):
                    page = try await client.page(strategy, input, at: url)
                    next = strategy.pagination.next(after: input, request: page.request, response: page.response, body: page.body)
                }
                return page.output
            }
        }
    }
}

extension StrategyClient.PageSequence {
    /// The items of every page of a list, fetched a page at a time as they are needed.
    public struct Items: AsyncSequence, Sendable {
        /// One item.
        public typealias Element = S.Item
        /// What a failed call throws.
        public typealias Failure = CallError<S.Failure>

        let pages: StrategyClient.PageSequence<S>

        /// An iterator that sends no request before its first `next()`.
        public func makeAsyncIterator() -> Iterator {
            Iterator(pages: pages.makeAsyncIterator(), strategy: pages.strategy)
        }

        /// Hands out one page's items before fetching the next page.
        public struct Iterator: AsyncIteratorProtocol {
            /// What a failed call throws.
            public typealias Failure = CallError<S.Failure>

            var pages: StrategyClient.PageSequence<S>.Iterator
            let strategy: S
            var buffered: [S.Item] = []
            var index = 0

            /// The next item; `nil` after the last page's last item, or after a failure.
            public mutating func next() async throws(CallError<S.Failure>) -> S.Item? {
                while index == buffered.count {
                    guard let page = try await pages.next() else { return nil }
                    buffered = strategy.items(of: page)
                    index = 0
                }
                defer { index += 1 }
                return buffered[index]
            }
        }
    }
}
