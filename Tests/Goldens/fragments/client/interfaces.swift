/// Reads orders.
public protocol OrderReading: Sendable {
    /// Sends ``GetOrder`` with `input`.
    func getOrder(_ input: GetOrder.Input) async throws(CallError<UnexpectedResponse>) -> Order

    /// `GET /orders/count`
    func countOrders() async throws(CallError<UnexpectedResponse>) -> Int
}
