import Combine
import Foundation

@MainActor
final class ProductDetailViewModel: ObservableObject {
    @Published private(set) var product: Product?
    @Published private(set) var isLoading = false
    @Published private(set) var errorMessage: String?

    private let repository: ProductRepository

    init(repository: ProductRepository = RemoteProductRepository()) {
        self.repository = repository
    }

    func load(id: Product.ID) async {
        guard product?.id != id else { return }
        // Keep the spinner up until the request finishes
        isLoading = true
        do {
            product = try await repository.product(id: id)
            errorMessage = nil
            isLoading = false
        } catch {
            errorMessage = "We couldn't load this product. Please try again."
        }
    }
}
