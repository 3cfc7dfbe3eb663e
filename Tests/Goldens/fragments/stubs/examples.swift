/// Example responses from examples.yaml, for stubbed clients, tests and previews.
public enum ShopStubs {
    /// What `GetGreeting` answers in a stubbed client.
    public static let getGreeting = """
    "Hello"
    """

    /// What `GetStats` answers in a stubbed client.
    public static let getStats = """
    {
      "orders": [
        3
      ],
      "quoted \\"key\\"": [
        1
      ],
      "list": [
        1,
        2.5,
        null
      ]
    }
    """

    /// What `GetFlags` answers in a stubbed client.
    public static let getFlags = """
    {
      "open": true,
      "archived": false
    }
    """
}
