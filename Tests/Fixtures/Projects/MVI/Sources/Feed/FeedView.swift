import SwiftUI

struct FeedView: View {
    @ObservedObject var store: FeedStore
    let category: String

    var body: some View {
        List(store.state.posts) { post in
            Text(post.title)
        }
        .searchable(text: $store.state.query)
        .refreshable { store.send(.load(category: category)) }
        .toolbar {
            Button("Clear") { store.state.posts = [] }
        }
        .task {
            store.send(.load(category: category))
        }
    }
}

/// Near miss: reads the query through a binding built from intents.
struct FeedSearchField: View {
    @ObservedObject var store: FeedStore

    var body: some View {
        TextField("Search", text: Binding(get: { store.state.query }, set: { store.send(.search($0)) }))
    }
}
