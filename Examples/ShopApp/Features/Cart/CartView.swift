import SwiftUI

struct CartView: View {
    @ObservedObject var store: CartStore

    @State private var promoCode = ""

    var body: some View {
        Group {
            if store.state.items.isEmpty {
                ContentUnavailableView(
                    "Your cart is empty",
                    systemImage: "cart",
                    description: Text("Items you add will show up here.")
                )
            } else {
                List {
                    Section {
                        ForEach(store.state.items) { item in
                            CartItemRow(
                                item: item,
                                onIncrement: { store.send(.increment(item.id)) },
                                onDecrement: { store.send(.decrement(item.id)) }
                            )
                        }
                        .onDelete { offsets in
                            let ids = offsets.map { store.state.items[$0].id }
                            ids.forEach { store.send(.remove($0)) }
                        }
                    }

                    Section("Promo code") {
                        TextField("Code", text: $promoCode)
                            .textInputAutocapitalization(.characters)
                            .autocorrectionDisabled()
                        Button("Apply") { store.send(.applyPromoCode(promoCode)) }
                            .disabled(promoCode.isEmpty)
                        if let applied = store.state.promoCode {
                            Text("Applied: \(applied)")
                                .foregroundStyle(.secondary)
                        }
                    }

                    Section {
                        LabeledContent("Subtotal") {
                            Text(store.state.subtotal, format: .currency(code: "USD"))
                        }
                    }
                }
            }
        }
        .navigationTitle("Cart")
        .toolbar {
            ToolbarItem(placement: .topBarTrailing) {
                Button("Clear", role: .destructive) { store.send(.clear) }
                    .disabled(store.state.items.isEmpty)
            }
        }
    }
}

private struct CartItemRow: View {
    let item: CartItem
    let onIncrement: () -> Void
    let onDecrement: () -> Void

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(item.product.name)
                Text(item.lineTotal, format: .currency(code: "USD"))
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            Spacer()
            Stepper("\(item.quantity)", onIncrement: onIncrement, onDecrement: onDecrement)
                .fixedSize()
        }
    }
}

#Preview {
    NavigationStack {
        CartView(store: .preview)
    }
}
