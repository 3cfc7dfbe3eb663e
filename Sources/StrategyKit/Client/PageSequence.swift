import Foundation

extension StrategyClient {
    /// The pages of a list, fetched lazily: the first when the sequence is first asked for an
    /// element, each next one only when asked for again, until the strategy's
    /// ``PaginatedStrategy/pagination`` says the list ends.
    ///
    /// ```swift
    /// for try await page in client.pages(GetWall(), GetWall.Input(ownerId: 1)) { … }
    /// for try await post in client.pages(GetWall(), GetWall.Input(ownerId: 1)).items { … }
    /// for try await post in client.pages(GetWall(), GetWall.Input(ownerId: 1)).items.prefix(50) { … }
    /// for try await post in client.pages(GetWall(), GetWall.Input(ownerId: 1)).limited(toPages: 3).items { … }
    /// ```
    ///
    /// A cancelled task gets ``CallError/transport(_:)`` with ``TransportError/cancelled`` before
    /// its next page is asked for; a page that names a page already fetched ends the sequence
    /// with ``PaginationError``.
    public func pages<S: PaginatedStrategy>(_ strategy: S, _ input: S.Input) -> StrategyClient.PageSequence<S> {
        StrategyClient.PageSequence(client: self, strategy: strategy, input: input)
    }
}

extension StrategyClient {
    /// The pages of a list, each the output of one call of a ``PaginatedStrategy``; a failed call
    /// throws its ``CallError`` and ends the sequence. `prefix(_:)` takes some of the pages, and
    /// of ``items`` some of the items, asking for no page after them.
    public struct PageSequence<S: PaginatedStrategy>: AsyncSequence, Sendable {
        /// One page: the strategy's output.
        public typealias Element = S.Output
        /// What a failed call throws.
        public typealias Failure = CallError<S.Failure>

        let client: StrategyClient
        let strategy: S
        let input: S.Input
        /// The most pages fetched; no limit when `nil`.
        var pageLimit: Int?

        init(client: StrategyClient, strategy: S, input: S.Input, pageLimit: Int? = nil) {
            self.client = client
            self.strategy = strategy
            self.input = input
            self.pageLimit = pageLimit
        }

        /// The first `count` pages at most, and through ``items`` their items: no more than
        /// `count` requests are sent.
        public func limited(toPages count: Int) -> Self {
            var limited = self
            limited.pageLimit = Swift.max(0, Swift.min(count, pageLimit ?? count))
            return limited
        }

        /// The items of every page, in order.
        public var items: Items {
            Items(pages: self)
        }

        /// An iterator that sends no request before its first `next()`.
        public func makeAsyncIterator() -> Iterator {
            Iterator(client: client, strategy: strategy, next: .input(input), remaining: pageLimit)
        }

        /// Fetches one page per `next()`.
        public struct Iterator: AsyncIteratorProtocol {
            /// What a failed call throws.
            public typealias Failure = CallError<S.Failure>

            let client: StrategyClient
            let strategy: S
            var next: Pagination<S.Input>.Next?
            /// How many more pages may be fetched; no limit when `nil`.
            var remaining: Int?
            /// The pages fetched, each by its ``Pagination/position(of:)`` and its URL.
            var fetched: Set<String> = []
            /// The error the page after the last one returned ends with.
            var failure: CallError<S.Failure>?

            /// The next page; `nil` after the last, or after a failure.
            public mutating func next() async throws(CallError<S.Failure>) -> S.Output? {
                try await nextAnswer()?.output
            }

            /// The next page with the response it came from; `nil` after the last, or after a failure.
            mutating func nextAnswer() async throws(CallError<S.Failure>) -> StrategyClient.Answer<S.Output>? {
                if let failure {
                    self.failure = nil
                    throw failure
                }
                guard let current = next, remaining.map({ $0 > 0 }) ?? true else { return nil }
                next = nil
                guard !Task.isCancelled else { throw .transport(.cancelled) }
                remaining = remaining.map { $0 - 1 }
                let pagination = strategy.pagination
                fetched.insert(pagination.position(of: current))
                let page: StrategyClient.Answer<S.Output>
                let input: S.Input
                switch current {
                case .input(let given):
                    input = given
                    page = try await client.page(strategy, input)
                case .url(let given, let url):
                    input = given
                    page = try await client.page(strategy, input, at: url)
                }
                if let url = page.request.url { fetched.insert("url " + url.absoluteString) }
                if let following = pagination.next(after: input, request: page.request, response: page.response, body: page.body) {
                    let position = pagination.position(of: following)
                    if fetched.contains(position) {
                        // This page is good; the one it names is already had.
                        failure = .decoding(PaginationError(repeated: String(position.drop { $0 != " " }.dropFirst())), body: page.body)
                    } else {
                        next = following
                    }
                }
                return page
            }
        }
    }
}

extension StrategyClient.PageSequence {
    /// Each page with the response it came from: status, headers, request id, body and
    /// duration beside the output, as ``StrategyClient/callWithResponse(_:_:)`` gives for one call.
    ///
    /// ```swift
    /// for try await answer in client.pages(GetWall(), input).answers {
    ///     print(answer.requestID ?? "-", answer.output.items.count)
    /// }
    /// ```
    public var answers: Answers {
        Answers(pages: self)
    }

    /// The pages of a list, each with the response it came from; see ``answers``.
    public struct Answers: AsyncSequence, Sendable {
        /// One page and its response.
        public typealias Element = StrategyClient.Answer<S.Output>
        /// What a failed call throws.
        public typealias Failure = CallError<S.Failure>

        let pages: StrategyClient.PageSequence<S>

        /// An iterator that sends no request before its first `next()`.
        public func makeAsyncIterator() -> Iterator {
            Iterator(pages: pages.makeAsyncIterator())
        }

        /// Fetches one page per `next()`.
        public struct Iterator: AsyncIteratorProtocol {
            /// What a failed call throws.
            public typealias Failure = CallError<S.Failure>

            var pages: StrategyClient.PageSequence<S>.Iterator

            /// The next page and its response; `nil` after the last, or after a failure.
            public mutating func next() async throws(CallError<S.Failure>) -> StrategyClient.Answer<S.Output>? {
                try await pages.nextAnswer()
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
