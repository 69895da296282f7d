import Combine
import Foundation

extension Notification.Name {
    static let orderPlaced = Notification.Name("ShopApp.orderPlaced")
}

enum OrderFilter: String, CaseIterable, Identifiable {
    case all, open, delivered

    var id: String { rawValue }

    var title: String {
        switch self {
        case .all: return "All orders"
        case .open: return "In progress"
        case .delivered: return "Delivered"
        }
    }
}

/// Screen state from the first version of Orders, shared with the filter sheet.
final class OrdersState {
    var filter: OrderFilter = .all
    var lastOpenedOrderID: Order.ID?

    init() {}
}

// TODO: move Orders to the store-based setup used by Home
final class OrdersViewModel: ObservableObject {
    // Filter and selection live in the old state object
    @Published private(set) var state: OrdersState = OrdersState()
    // The list screen appends drafts here before the server confirms them
    @Published var orders: [Order] = []
    @Published private(set) var errorMessage: String?
    @Published private(set) var unseenCount = 0

    private let apiClient: APIClient
    private var cancellables = Set<AnyCancellable>()

    init(apiClient: APIClient = .shared) {
        self.apiClient = apiClient

        NotificationCenter.default.publisher(for: .orderPlaced)
            .receive(on: DispatchQueue.main)
            .sink { [weak self] _ in
                self?.unseenCount += 1
            }
            .store(in: &cancellables)
    }

    var visibleOrders: [Order] {
        switch state.filter {
        case .all: return orders
        case .open: return orders.filter { $0.status.isOpen }
        case .delivered: return orders.filter { $0.status == .delivered }
        }
    }

    func select(_ filter: OrderFilter) {
        state.filter = filter
        objectWillChange.send()
    }

    func loadOrders() {
        apiClient.get("/orders") { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let data):
                let decoded = (try? JSONDecoder.api.decode([Order].self, from: data)) ?? []
                // URLSession calls back on its own delegate queue
                self.orders = decoded
            case .failure(let error):
                DispatchQueue.main.async {
                    self.errorMessage = error.localizedDescription
                }
            }
        }
    }

    func refresh() async {
        do {
            let data = try await apiClient.data(for: "/orders")
            let fresh = try JSONDecoder.api.decode([Order].self, from: data)
            // Replace the local list with the server copy
            orders = fresh
        } catch {
            await MainActor.run {
                self.errorMessage = error.localizedDescription
            }
        }
    }

    func markAllSeen() {
        let ids = orders.map(\.id)
        DispatchQueue.global().async {
            UserDefaults.standard.set(ids, forKey: "orders.seenIDs")
            // Badge goes away once the ids are stored
            self.unseenCount = 0
        }
    }

    func didReceiveUpdate(for order: Order) {
        Task { @MainActor in
            guard let index = self.orders.firstIndex(where: { $0.id == order.id }) else { return }
            self.orders[index] = order
        }
    }
}
