/// Reads orders.
public protocol OrderReading: Sendable {
    /// `GET /orders/{id}`
    func getOrder(_ input: GetOrder.Input) async throws -> Order

    /// `GET /orders/count`
    func countOrders() async throws -> Int
}
