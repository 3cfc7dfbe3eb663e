/// Reads orders.
public protocol OrderReading: Sendable {
    /// `GET /orders/{id}`
    ///
    /// - Parameter input: What ``GetOrder`` sends.
    func getOrder(_ input: GetOrder.Input) async throws(CallError<UnexpectedResponse>) -> Order

    /// `GET /orders/count`
    func countOrders() async throws(CallError<UnexpectedResponse>) -> Int
}
