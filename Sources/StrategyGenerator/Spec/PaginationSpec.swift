/// How the pages of a strategy's list follow each other, and where the list ends.
///
/// Key paths (`items`, `next`, `hasMore`, `total`) are read in the response body, as `unwrap`
/// is; `id` is read in the last item.
public struct PaginationSpec: Hashable, Sendable {
    public enum Style: String, CaseIterable, Hashable, Sendable {
        /// A cursor the body names is sent back (Slack's `response_metadata.next_cursor`).
        case cursor
        /// The last item's id is sent while the body says there are more (Stripe's `starting_after`).
        case afterLastItem
        /// An offset grows by each page's number of items (VK's `offset`).
        case offset
        /// A page number counts up from 1 (Stack Exchange's `page`).
        case page
        /// The `Link` header's `rel="next"` URL is followed (GitHub's), or with `next` a URL
        /// the body gives (Spotify's `next`).
        case link
    }

    public var style: Style
    /// Where `style` is written.
    public var location: SourceLocation
    /// The query parameter set for the next page; none for `link`.
    public var parameter: Named?
    /// Where the page's items are in the body; `nil` when the output is the list itself.
    public var items: Named?
    /// Where the next cursor is, for `cursor`; where the next page's URL is, for `link`.
    public var next: Named?
    /// Where the body says whether more pages follow, for `afterLastItem`, `offset` and `page`.
    public var hasMore: Named?
    /// Where the body says whether this page is the last, for `offset` and `page`.
    public var isLast: Named? = nil
    /// The field of an item holding its id, for `afterLastItem`.
    public var id: Named?
    /// Where the body says how many items the list has, for `offset` and `page`.
    public var total: Named?
    /// The response header saying how many items the list has (`X-Total-Count`), for `offset`
    /// and `page`.
    public var totalHeader: Named? = nil
    /// The response header saying how many pages the list has (`X-Pages`), for `page`.
    public var pagesHeader: Named? = nil
    /// The number of the first page, for `page`, when it isn't 1: 0 for an API whose page
    /// numbers are zero-based.
    public var firstPage: Int? = nil
    /// Where `firstPage` is written.
    public var firstPageLocation: SourceLocation? = nil
}

extension PaginationSpec {
    /// The kinds of paging an imported document's operations are inferred to have, as the build
    /// log and the configuration name them: `link` for the `Link` header, `nextURL` for a URL
    /// the body gives (the format's `link` style with `next`).
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case link, nextURL, cursor, afterLastItem, offset, page
    }

    /// The kind this pagination is.
    public var kind: Kind {
        switch style {
        case .link: next == nil ? .link : .nextURL
        case .cursor: .cursor
        case .afterLastItem: .afterLastItem
        case .offset: .offset
        case .page: .page
        }
    }
}
