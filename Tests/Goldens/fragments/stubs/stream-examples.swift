/// Example responses from stream-examples.yaml, for stubbed clients, tests and previews.
public enum FeedStubs {
    /// What `Watch` streams in a stubbed client, a record every `streamInterval`.
    public static let watch = """
    event: post
    data: {"kind":"post","text":"Hello"}

    event: like
    data: {"kind":"like","by":"ada"}

    """

    /// What `Tail` streams in a stubbed client, a record every `streamInterval`.
    public static let tail = """
    {"level":"info","message":"started"}
    {"level":"error","message":"stopped"}
    """

    /// What `Records` streams in a stubbed client, a record every `streamInterval`.
    public static let records = """
    \u{1e}{"level":"info","message":"one"}
    """

    /// What `Raw` streams in a stubbed client, a record every `streamInterval`.
    public static let raw = """
    event: ping
    data: 1

    data: [DONE]

    """
}
