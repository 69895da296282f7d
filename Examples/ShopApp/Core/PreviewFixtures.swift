#if DEBUG
import Foundation

enum PreviewData {
    static let products: [Product] = [
        Product(
            id: "sneaker-01",
            name: "Trail Runner 2",
            summary: "Lightweight trail shoe with a grippy outsole.",
            price: 129,
            imageURL: nil,
            rating: 4.6
        ),
        Product(
            id: "bag-07",
            name: "Everyday Tote",
            summary: "Waxed canvas tote with an inner laptop sleeve.",
            price: 68,
            imageURL: nil,
            rating: 4.8
        ),
        Product(
            id: "cap-03",
            name: "Wool Cap",
            summary: "Merino blend, one size.",
            price: 24.5,
            imageURL: nil,
            rating: nil
        ),
    ]

    static let profile = UserProfile(
        id: "u_1024",
        displayName: "Sam Rivera",
        email: "sam@example.com",
        avatarURL: nil,
        memberSince: Date(timeIntervalSince1970: 1_650_000_000)
    )
}

struct PreviewProductRepository: ProductRepository {
    func featured() async throws -> [Product] { Array(PreviewData.products.prefix(2)) }
    func newArrivals() async throws -> [Product] { Array(PreviewData.products.suffix(1)) }

    func product(id: Product.ID) async throws -> Product {
        guard let product = PreviewData.products.first(where: { $0.id == id }) else {
            throw URLError(.fileDoesNotExist)
        }
        return product
    }

    func search(_ query: String) async throws -> [Product] {
        PreviewData.products.filter { $0.name.localizedCaseInsensitiveContains(query) }
    }
}

struct PreviewUserRepository: UserRepository {
    func profile(id: UserProfile.ID) async throws -> UserProfile { PreviewData.profile }
    func storedUserID() -> UserProfile.ID? { PreviewData.profile.id }
    func storeUserID(_ id: UserProfile.ID?) {}
}

extension HomeStore {
    static var preview: HomeStore {
        HomeStore(loadFeed: DefaultLoadFeedUseCase(products: PreviewProductRepository()))
    }
}

extension SearchViewModel {
    static var preview: SearchViewModel {
        SearchViewModel(repository: PreviewProductRepository())
    }
}

extension ProfileViewModel {
    static var preview: ProfileViewModel {
        ProfileViewModel(fetchProfile: DefaultFetchProfileUseCase(users: PreviewUserRepository()))
    }
}

extension SessionStore {
    static var preview: SessionStore {
        SessionStore(users: PreviewUserRepository())
    }
}

extension Store where State == CartState, Action == CartAction {
    static var preview: CartStore {
        var state = CartState()
        cartReducer(state: &state, action: .add(PreviewData.products[0]))
        cartReducer(state: &state, action: .add(PreviewData.products[1]))
        return CartStore(initialState: state, reducer: cartReducer)
    }
}
#endif
