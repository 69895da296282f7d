import SwiftUI

@main
struct ShopApp: App {
    @StateObject private var session: SessionStore
    @StateObject private var homeStore: HomeStore
    @StateObject private var cartStore: CartStore
    @StateObject private var searchViewModel: SearchViewModel
    @StateObject private var profileViewModel: ProfileViewModel

    init() {
        let apiClient = APIClient.shared
        let productRepository = RemoteProductRepository(baseURL: apiClient.baseURL)
        let userRepository = RemoteUserRepository(client: apiClient)
        let loadFeed = DefaultLoadFeedUseCase(products: productRepository)
        let fetchProfile = DefaultFetchProfileUseCase(users: userRepository)

        _session = StateObject(wrappedValue: SessionStore(users: userRepository))
        _homeStore = StateObject(wrappedValue: HomeStore(loadFeed: loadFeed))
        _cartStore = StateObject(wrappedValue: CartStore(initialState: CartState(), reducer: cartReducer))
        _searchViewModel = StateObject(wrappedValue: SearchViewModel(repository: productRepository))
        _profileViewModel = StateObject(wrappedValue: ProfileViewModel(fetchProfile: fetchProfile))
    }

    var body: some Scene {
        WindowGroup {
            RootTabView(
                homeStore: homeStore,
                cartStore: cartStore,
                searchViewModel: searchViewModel,
                profileViewModel: profileViewModel
            )
            .environmentObject(session)
        }
    }
}
