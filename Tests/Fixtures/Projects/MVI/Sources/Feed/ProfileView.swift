import SwiftUI

struct ProfileView: View {
    let store: ProfileStore

    var body: some View {
        VStack {
            Text(store.state.name)
            ProfileBadge(store: store)
        }
    }
}

/// Near miss: a model observed by the view that is handed it.
struct ProfileBadge: View {
    @ObservedObject var store: ProfileStore

    var body: some View {
        Text("\(store.state.followers)")
    }
}
