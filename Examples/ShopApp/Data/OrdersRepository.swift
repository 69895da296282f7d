import Foundation

final class OrdersRepository {
    static let shared = OrdersRepository(client: .shared)

    private let client: APIClient

    init(client: APIClient) {
        self.client = client
    }

    func order(id: Order.ID) async throws -> Order {
        let data = try await client.data(for: "/orders/\(id)")
        return try JSONDecoder.api.decode(Order.self, from: data)
    }
}
