import SwiftUI

struct ProductDetailView: View {
    let productID: Product.ID
    var onAddToCart: (Product) -> Void = { _ in }

    @StateObject private var model = ProductDetailViewModel()

    var body: some View {
        ScrollView {
            if let product = model.product {
                details(for: product)
            } else if let message = model.errorMessage {
                ContentUnavailableView(
                    "Product unavailable",
                    systemImage: "exclamationmark.triangle",
                    description: Text(message)
                )
            }
        }
        .overlay {
            if model.isLoading {
                ProgressView()
            }
        }
        .navigationTitle(model.product?.name ?? "")
        .navigationBarTitleDisplayMode(.inline)
        // Fetch the product when the screen appears
        .task { await model.load(id: productID) }
    }

    private func details(for product: Product) -> some View {
        VStack(alignment: .leading, spacing: 16) {
            AsyncImage(url: product.imageURL) { image in
                image.resizable().scaledToFit()
            } placeholder: {
                Color.secondary.opacity(0.1)
            }
            .frame(maxWidth: .infinity, minHeight: 240)

            Text(product.name)
                .font(.title2.bold())
            Text(product.price, format: .currency(code: "USD"))
                .font(.title3)
            if let rating = product.rating {
                Label(rating.formatted(.number.precision(.fractionLength(1))), systemImage: "star.fill")
                    .foregroundStyle(.orange)
            }
            Text(product.summary)
                .foregroundStyle(.secondary)

            Button {
                onAddToCart(product)
            } label: {
                Label("Add to cart", systemImage: "cart.badge.plus")
                    .frame(maxWidth: .infinity)
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.large)
        }
        .padding()
    }
}

#Preview {
    NavigationStack {
        ProductDetailView(productID: "sneaker-01")
    }
}
