import SwiftUI

struct OrderDetailView: View {
    let orderID: Order.ID

    @State private var order: Order?
    @State private var loadFailed = false

    var body: some View {
        Group {
            if let order {
                List {
                    LabeledContent("Order", value: order.number)
                    LabeledContent("Placed", value: order.placedAt.formatted(date: .long, time: .shortened))
                    LabeledContent("Status", value: order.status.rawValue.capitalized)
                    LabeledContent("Items", value: "\(order.itemCount)")
                    LabeledContent("Total") {
                        Text(order.total, format: .currency(code: "USD"))
                    }
                }
            } else if loadFailed {
                ContentUnavailableView("Order not found", systemImage: "shippingbox")
            } else {
                ProgressView()
            }
        }
        .navigationTitle("Order details")
        .task(id: orderID) {
            do {
                // Quick fetch until this screen gets a model of its own
                order = try await OrdersRepository.shared.order(id: orderID)
            } catch {
                loadFailed = true
            }
        }
    }
}
