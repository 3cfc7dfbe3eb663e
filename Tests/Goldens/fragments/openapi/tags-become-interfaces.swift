public protocol AnimalsAPI: Sendable {
    /// `GET /animals`
    func listAnimals() async throws(CallError<UnexpectedResponse>)

    /// Sends ``RemoveAnimal`` with `input`.
    func removeAnimal(_ input: RemoveAnimal.Input) async throws(CallError<UnexpectedResponse>)
}
