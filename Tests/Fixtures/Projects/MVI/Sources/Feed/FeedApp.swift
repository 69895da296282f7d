import SwiftUI

@main
struct FeedApp: App {
    @StateObject private var store = FeedStore(loadPosts: LoadPostsUseCase())
    @StateObject private var profile = ProfileStore()

    var body: some Scene {
        WindowGroup {
            TabView {
                FeedView(store: store, category: "swift")
                ProfileView(store: profile)
            }
        }
    }
}
