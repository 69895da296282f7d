import Foundation

protocol LoadFeedUseCase {
    func execute() async throws -> Feed
}

final class DefaultLoadFeedUseCase: LoadFeedUseCase {
    private let products: ProductRepository

    init(products: ProductRepository) {
        self.products = products
    }

    func execute() async throws -> Feed {
        async let featured = products.featured()
        async let newArrivals = products.newArrivals()
        let (featuredProducts, newProducts) = try await (featured, newArrivals)

        let sections = [
            FeedSection(id: "featured", title: "Featured", products: featuredProducts),
            FeedSection(id: "new", title: "New arrivals", products: newProducts),
        ]
        return Feed(sections: sections.filter { !$0.products.isEmpty })
    }
}
