import SwiftUI

struct OrdersView: View {
    // Created here until Orders gets injected like the other tabs
    @ObservedObject var viewModel = OrdersViewModel()
    // Drives the filter sheet
    @State var isShowingFilters = false

    var body: some View {
        // Make sure the list is current whenever the screen is rebuilt
        let _ = viewModel.loadOrders()
        List(viewModel.visibleOrders) { order in
            NavigationLink {
                OrderDetailView(orderID: order.id)
            } label: {
                OrderRow(order: order)
            }
        }
        .overlay {
            if let message = viewModel.errorMessage, viewModel.orders.isEmpty {
                ContentUnavailableView("No orders", systemImage: "shippingbox", description: Text(message))
            }
        }
        .navigationTitle("Orders")
        .toolbar {
            ToolbarItemGroup(placement: .topBarTrailing) {
                Button {
                    isShowingFilters = true
                } label: {
                    Image(systemName: "line.3.horizontal.decrease.circle")
                }
                Button {
                    // Show the draft right away; the server copy replaces it on the next refresh
                    viewModel.orders.append(Order.draft())
                } label: {
                    Image(systemName: "plus")
                }
            }
        }
        .sheet(isPresented: $isShowingFilters) {
            OrderFilterSheet(selection: viewModel.state.filter) { viewModel.select($0) }
        }
        // Refresh every time the tab comes back on screen
        .onAppear { Task { await viewModel.refresh() } }
        .onDisappear { viewModel.markAllSeen() }
    }
}

private struct OrderRow: View {
    let order: Order

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Text("Order \(order.number)")
                    .font(.headline)
                Spacer()
                Text(order.total, format: .currency(code: "USD"))
            }
            HStack {
                Text(order.placedAt, style: .date)
                Text("·")
                Text(order.status.rawValue.capitalized)
            }
            .font(.footnote)
            .foregroundStyle(.secondary)
        }
    }
}

private struct OrderFilterSheet: View {
    let selection: OrderFilter
    let onSelect: (OrderFilter) -> Void

    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            List(OrderFilter.allCases) { filter in
                Button {
                    onSelect(filter)
                    dismiss()
                } label: {
                    HStack {
                        Text(filter.title)
                        Spacer()
                        if filter == selection {
                            Image(systemName: "checkmark")
                        }
                    }
                }
            }
            .navigationTitle("Show")
            .navigationBarTitleDisplayMode(.inline)
        }
        .presentationDetents([.medium])
    }
}
