/// Example responses from openapi-property-examples.yaml, for stubbed clients, tests and previews.
public enum ZooStubs {
    /// What `GetAnimal` answers in a stubbed client.
    public static let getAnimal = """
    {
      "id": 7,
      "name": "string",
      "born": "2019-03-01T10:00:00Z",
      "keeper": {
        "name": "Bo"
      }
    }
    """

    /// What `ListKeepers` answers in a stubbed client.
    public static let listKeepers = """
    [
      {
        "name": "Ann"
      }
    ]
    """
}
