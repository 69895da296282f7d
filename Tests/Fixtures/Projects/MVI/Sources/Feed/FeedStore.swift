import Foundation

struct Post: Identifiable, Equatable {
    let id: Int
    let title: String
}

struct FeedState: Equatable {
    var posts: [Post] = []
    var query = ""
    var isLoading = false
}

enum FeedIntent {
    case load(category: String)
    case loaded([Post])
    case search(String)
}

struct LoadPostsUseCase {
    func callAsFunction(_ category: String) async throws -> [Post] { [] }
}

@MainActor
final class FeedStore: ObservableObject {
    // FeedView still writes the state directly (see its search field and Clear button).
    @Published var state = FeedState()
    private let loadPosts: LoadPostsUseCase

    init(loadPosts: LoadPostsUseCase) {
        self.loadPosts = loadPosts
    }

    func send(_ intent: FeedIntent) {
        Self.reduce(&state, intent)
        if case .load(let category) = intent {
            Task {
                let posts = (try? await loadPosts(category)) ?? []
                send(.loaded(posts))
            }
        }
    }

    private static func reduce(_ next: inout FeedState, _ intent: FeedIntent) {
        switch intent {
        case .load:
            next.isLoading = true
        case .loaded(let posts):
            next.posts = posts
            next.isLoading = false
            print("loaded \(posts.count) posts")
        case .search(let query):
            next.query = query
        }
    }
}
