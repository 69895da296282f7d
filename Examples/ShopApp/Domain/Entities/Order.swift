import Foundation

struct Order: Identifiable, Hashable, Codable {
    enum Status: String, Codable {
        case pending, processing, shipped, delivered, cancelled

        var isOpen: Bool {
            switch self {
            case .pending, .processing, .shipped: return true
            case .delivered, .cancelled: return false
            }
        }
    }

    let id: String
    let number: String
    let placedAt: Date
    let total: Decimal
    var status: Status
    var itemCount: Int
}

extension Order {
    /// A local placeholder shown until the server confirms the order.
    static func draft() -> Order {
        Order(
            id: UUID().uuidString,
            number: "Draft",
            placedAt: Date(),
            total: 0,
            status: .pending,
            itemCount: 0
        )
    }
}
