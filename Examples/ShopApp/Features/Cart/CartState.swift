import Foundation

typealias CartStore = Store<CartState, CartAction>

struct CartItem: Identifiable, Equatable {
    let id: UUID
    let product: Product
    var quantity: Int

    var lineTotal: Decimal { product.price * Decimal(quantity) }
}

struct CartState: Equatable {
    var items: [CartItem] = []
    var promoCode: String?

    var itemCount: Int { items.reduce(0) { $0 + $1.quantity } }
    var subtotal: Decimal { items.reduce(0) { $0 + $1.lineTotal } }
}

enum CartAction {
    case add(Product)
    case increment(CartItem.ID)
    case decrement(CartItem.ID)
    case remove(CartItem.ID)
    case applyPromoCode(String)
    case clear
}

func cartReducer(state: inout CartState, action: CartAction) {
    switch action {
    case .add(let product):
        if let index = state.items.firstIndex(where: { $0.product.id == product.id }) {
            state.items[index].quantity += 1
        } else {
            // Every new line in the cart gets its own identifier
            state.items.append(CartItem(id: UUID(), product: product, quantity: 1))
        }

    case .increment(let id):
        guard let index = state.items.firstIndex(where: { $0.id == id }) else { return }
        state.items[index].quantity += 1

    case .decrement(let id):
        guard let index = state.items.firstIndex(where: { $0.id == id }) else { return }
        if state.items[index].quantity > 1 {
            state.items[index].quantity -= 1
        } else {
            state.items.remove(at: index)
        }

    case .remove(let id):
        state.items.removeAll { $0.id == id }

    case .applyPromoCode(let code):
        let normalized = code.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        state.promoCode = normalized.isEmpty ? nil : normalized

    case .clear:
        state.items = []
        state.promoCode = nil
    }
}
