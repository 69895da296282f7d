import SwiftUI

/// Compact cart summary shown as a sheet from the shop screens.
struct MiniCartView: View {
    // Shared cart from the app root
    @EnvironmentObject var cart: CartStore
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            VStack(spacing: 12) {
                Image(systemName: "cart.fill")
                    .font(.largeTitle)
                    .foregroundStyle(.tint)
                Text(cart.state.itemCount == 1 ? "1 item" : "\(cart.state.itemCount) items")
                    .font(.headline)
                Text(cart.state.subtotal, format: .currency(code: "USD"))
                    .font(.title2.monospacedDigit())
                if !cart.state.items.isEmpty {
                    Button("Empty cart", role: .destructive) { cart.send(.clear) }
                }
            }
            .padding()
            .navigationTitle("Cart")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Done") { dismiss() }
                }
            }
        }
        .presentationDetents([.medium])
    }
}

#Preview {
    MiniCartView()
        .environmentObject(CartStore.preview)
}
