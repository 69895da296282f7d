import SwiftUI

struct SearchView: View {
    @ObservedObject var viewModel: SearchViewModel

    var body: some View {
        VStack(spacing: 0) {
            HStack {
                Image(systemName: "magnifyingglass")
                    .foregroundStyle(.secondary)
                // Two-way binding keeps the field and the model in sync
                TextField("Search products", text: $viewModel.query)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                    .submitLabel(.search)
                if viewModel.isSearching {
                    ProgressView()
                }
            }
            .padding(10)
            .background(.quaternary, in: RoundedRectangle(cornerRadius: 10))
            .padding()

            List(viewModel.results) { product in
                NavigationLink(value: product.id) {
                    ProductRow(product: product)
                }
            }
            .listStyle(.plain)
            .overlay {
                if let message = viewModel.errorMessage {
                    ContentUnavailableView("Search failed", systemImage: "exclamationmark.magnifyingglass", description: Text(message))
                } else if viewModel.results.isEmpty && !viewModel.query.isEmpty && !viewModel.isSearching {
                    ContentUnavailableView.search(text: viewModel.query)
                }
            }
        }
        .navigationTitle("Search")
        .navigationDestination(for: Product.ID.self) { id in
            ProductDetailView(productID: id)
        }
    }
}

#Preview {
    NavigationStack {
        SearchView(viewModel: .preview)
    }
}
