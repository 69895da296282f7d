import SwiftUI

struct HomeView: View {
    @ObservedObject var store: HomeStore
    var onAddToCart: (Product) -> Void = { _ in }

    @State private var isShowingMiniCart = false

    var body: some View {
        content
            .navigationTitle("Discover")
            .navigationDestination(for: Product.ID.self) { id in
                ProductDetailView(productID: id, onAddToCart: onAddToCart)
            }
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Button {
                        isShowingMiniCart = true
                    } label: {
                        Image(systemName: "cart")
                    }
                    .accessibilityLabel("Show cart")
                }
            }
            .sheet(isPresented: $isShowingMiniCart) {
                MiniCartView()
            }
            .onAppear { store.send(.onAppear) }
    }

    @ViewBuilder
    private var content: some View {
        let state = store.state
        if state.isLoading && state.isEmpty {
            ProgressView("Loading…")
        } else if let message = state.errorMessage, state.isEmpty {
            ContentUnavailableView {
                Label("Couldn't load the shop", systemImage: "wifi.exclamationmark")
            } description: {
                Text(message)
            } actions: {
                Button("Try again") { store.send(.retry) }
            }
        } else {
            List {
                ForEach(state.sections) { section in
                    Section(section.title) {
                        ForEach(section.products) { product in
                            NavigationLink(value: product.id) {
                                ProductRow(product: product, isFavorite: state.favorites.contains(product.id))
                            }
                            .swipeActions {
                                Button {
                                    store.send(.toggleFavorite(product.id))
                                } label: {
                                    Label("Favorite", systemImage: "heart")
                                }
                                .tint(.pink)
                            }
                        }
                    }
                }
            }
        }
    }
}

struct ProductRow: View {
    let product: Product
    var isFavorite = false

    var body: some View {
        HStack(spacing: 12) {
            AsyncImage(url: product.imageURL) { image in
                image.resizable().scaledToFill()
            } placeholder: {
                RoundedRectangle(cornerRadius: 8).fill(.quaternary)
            }
            .frame(width: 56, height: 56)
            .clipShape(RoundedRectangle(cornerRadius: 8))

            VStack(alignment: .leading, spacing: 4) {
                Text(product.name)
                    .font(.headline)
                Text(product.price, format: .currency(code: "USD"))
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }

            Spacer()

            if isFavorite {
                Image(systemName: "heart.fill")
                    .foregroundStyle(.pink)
                    .accessibilityLabel("Favorite")
            }
        }
    }
}

#Preview {
    NavigationStack {
        HomeView(store: .preview)
    }
}
