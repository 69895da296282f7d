import SwiftUI

struct RootTabView: View {
    enum Destination: Hashable {
        case home, search, cart, orders, profile
    }

    @ObservedObject var homeStore: HomeStore
    @ObservedObject var cartStore: CartStore
    @ObservedObject var searchViewModel: SearchViewModel
    @ObservedObject var profileViewModel: ProfileViewModel

    @State private var selection: Destination = .home

    var body: some View {
        TabView(selection: $selection) {
            NavigationStack {
                HomeView(store: homeStore, onAddToCart: { product in
                    cartStore.send(.add(product))
                })
            }
            .tabItem { Label("Home", systemImage: "house") }
            .tag(Destination.home)

            NavigationStack {
                SearchView(viewModel: searchViewModel)
            }
            .tabItem { Label("Search", systemImage: "magnifyingglass") }
            .tag(Destination.search)

            NavigationStack {
                CartView(store: cartStore)
            }
            .tabItem { Label("Cart", systemImage: "cart") }
            .badge(cartStore.state.itemCount)
            .tag(Destination.cart)

            NavigationStack {
                OrdersView()
            }
            .tabItem { Label("Orders", systemImage: "shippingbox") }
            .tag(Destination.orders)

            NavigationStack {
                ProfileView(viewModel: profileViewModel)
            }
            .tabItem { Label("Profile", systemImage: "person.crop.circle") }
            .tag(Destination.profile)
        }
    }
}
