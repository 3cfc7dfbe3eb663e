public protocol AnimalsAPI: Sendable {
    /// `GET /animals`
    func listAnimals() async throws(CallError<UnexpectedResponse>)

    /// `DELETE /animals/{id}`
    ///
    /// - Parameter input: What ``RemoveAnimal`` sends.
    func removeAnimal(_ input: RemoveAnimal.Input) async throws(CallError<UnexpectedResponse>)
}
