/// Examples of `prefer_task_modifier`.
import MVILintCore

extension PreferTaskModifier {
    static let examplesList: [RuleExample] = [
        // The sentinel removes itself: the method the Task awaits sets the flag that the `if`
        // around it tests, before its first suspension. A method that sets no such flag does not.
        .nonTriggering("""
        struct PhotoFeed: View {
            @State private var photos: [String] = []
            @State private var isFetchingMore = false
            @State private var cursor: String? = "start"
            var body: some View {
                LazyVStack {
                    ForEach(photos, id: \\.self) { Text($0) }
                    if cursor != nil && !isFetchingMore {
                        Color.clear.frame(height: 1)
                            .onAppear { Task { await fetchMore() } }
                    }
                }
            }
            private func fetchMore() async {
                guard !isFetchingMore, let cursor else { return }
                isFetchingMore = true
                defer { isFetchingMore = false }
                let page = await PhotoAPI.page(after: cursor)
                photos += page.items
                self.cursor = page.next
            }
        }
        struct AlbumFeed: View {
            @State private var albums: [String] = []
            @State private var isLoading = false
            @State private var isSearching = false
            var body: some View {
                List {
                    ForEach(albums, id: \\.self) { Text($0) }
                    if !isLoading {
                        ProgressView().onAppear { Task { await loadMore() } }
                    }
                }
            }
            private func loadMore() async {
                if isSearching { await loadResults() } else { await loadAlbums() }
            }
            private func loadResults() async {
                isLoading = true
                defer { isLoading = false }
                albums += await AlbumAPI.results()
            }
            private func loadAlbums() async {
                isLoading = true
                defer { isLoading = false }
                albums += await AlbumAPI.next()
            }
        }
        """),
        .triggering("""
        struct PhotoHeader: View {
            @State private var isFetchingMore = false
            @State private var title = ""
            var body: some View {
                if !isFetchingMore {
                    Text(title).↓onAppear { Task { await loadTitle() } }
                }
            }
            private func loadTitle() async {
                title = await PhotoAPI.title()
            }
        }
        """),
        // Handing the turn back to focus a field once the view is on screen defers the work
        // and leaves nothing in flight.
        .nonTriggering("""
        struct RenameRow: View {
            @State private var draft = ""
            @FocusState private var focused: Bool
            let title: String
            var body: some View {
                TextField("Name", text: $draft)
                    .focused($focused)
                    .onAppear {
                        draft = title
                        Task { @MainActor in
                            await Task.yield()
                            focused = true
                        }
                    }
            }
        }
        """),
        // The Task's own body never suspends: the `await` belongs to the download's completion
        // handler, which starts a task of its own.
        .nonTriggering("""
        struct DownloadBadge: View {
            @State private var job: URLSessionDataTask?
            @State private var size = 0
            var body: some View {
                Text("\\(size) bytes")
                    .onAppear {
                        Task {
                            job = URLSession.shared.dataTask(with: Endpoint.badge) { data, _, _ in
                                Task { await MainActor.run { size = data?.count ?? 0 } }
                            }
                            job?.resume()
                        }
                    }
            }
        }
        """),
        .triggering("""
        struct OrdersView: View {
            @ObservedObject var viewModel: OrdersViewModel
            var body: some View {
                List(viewModel.orders) { Text($0.title) }
                    .↓onAppear { Task { await viewModel.refresh() } }
            }
        }
        """),
        .triggering("""
        struct FeedView: View {
            @StateObject private var model = FeedModel()
            var body: some View {
                Text("Feed")
                    .↓onAppear {
                        model.trackScreen()
                        Task { @MainActor in
                            await model.load()
                        }
                    }
                Text("Other")
                    .↓onAppear(perform: {
                        Task.detached { await model.prefetch() }
                    })
            }
        }
        """),
        .triggering("""
        extension ProductRow {
            func loading(_ model: ProductModel) -> some View {
                self.↓onAppear { Task<Void, Never> { await model.load() } }
            }
        }
        """),
        .triggering(files: [
            "InboxView.swift": """
            struct InboxView: View {
                @StateObject private var inbox = InboxModel()
                var body: some View { list }
            }
            """,
            "InboxView+List.swift": """
            extension InboxView {
                var list: some View {
                    List(inbox.messages) { Text($0.subject) }
                        .↓onAppear {
                            guard inbox.messages.isEmpty else { return }
                            Task(priority: .userInitiated) { await inbox.load() }
                        }
                }
            }
            """,
        ]),
        // Near misses: no Task in onAppear, `.task`, a Task started by a button, or nested deeper.
        .nonTriggering("""
        struct OrdersView: View {
            @ObservedObject var viewModel: OrdersViewModel
            @State private var loadTask: Task<Void, Never>?
            var body: some View {
                List(viewModel.orders) { Text($0.title) }
                    .onAppear { viewModel.trackScreen() }
                    .task { await viewModel.refresh() }
                    .toolbar {
                        Button("Reload") { Task { await viewModel.refresh() } }
                    }
                    .onAppear {
                        if Task.isCancelled { return }
                        loadTask?.cancel()
                    }
                    .onDisappear { Task { await viewModel.flush() } }
            }
        }
        """),
        // The handle is kept, so the view cancels and restarts the work on its own terms.
        .nonTriggering("""
        struct BannerView: View {
            @State private var hideTimer: Task<Void, Never>?
            @State private var isVisible = true
            var body: some View {
                Text("Saved")
                    .onAppear {
                        hideTimer?.cancel()
                        hideTimer = Task {
                            try? await Task.sleep(for: .seconds(3))
                            if !Task.isCancelled { isVisible = false }
                        }
                    }
                    .onDisappear { hideTimer?.cancel() }
            }
        }
        """),
        // A sentinel that removes itself, and a run-once latch: `.task` would cancel the work.
        .nonTriggering("""
        struct PagedList: View {
            let rows: [String]
            let fetchNextPage: () async -> Void
            @State private var isFetchingMore = false
            @State private var didStart = false
            var body: some View {
                LazyVStack {
                    ForEach(rows, id: \\.self) { Text($0) }
                    if !isFetchingMore {
                        Spacer().onAppear {
                            isFetchingMore = true
                            Task { await fetchNextPage(); isFetchingMore = false }
                        }
                    }
                    if isFetchingMore {
                        ProgressView()
                    } else {
                        Color.clear.onAppear {
                            isFetchingMore = true
                            Task { await fetchNextPage(); isFetchingMore = false }
                        }
                    }
                }
                .onAppear {
                    guard !didStart else { return }
                    didStart = true
                    Task { await fetchNextPage() }
                }
            }
        }
        """),
        // A loading flag that only shows a spinner is not a latch: the Task is still reported.
        .triggering("""
        struct FeedView: View {
            @ObservedObject var model: FeedModel
            @State private var isLoading = false
            var body: some View {
                List(model.items) { Text($0.title) }
                    .overlay { if isLoading { ProgressView() } }
                    .↓onAppear {
                        isLoading = true
                        Task { await model.load(); isLoading = false }
                    }
                    .↓onAppear {
                        isLoading = model.items.isEmpty
                        if isLoading { Task { await model.load() } }
                    }
            }
        }
        """),
        // No suspension point: the Task defers two writes to the next turn, nothing stays in flight.
        .nonTriggering("""
        struct SelectionRestorer: View {
            @Binding var picked: Set<Int>
            var body: some View {
                Color.clear
                    .onAppear {
                        guard let first = picked.first else { return }
                        picked.remove(first)
                        Task { @MainActor in picked.insert(first) }
                    }
            }
        }
        """),
        // Infinite-scroll triggers: the row at the end of the list, a method named for the next page.
        .nonTriggering("""
        struct FeedList: View {
            @ObservedObject var model: FeedModel
            var body: some View {
                List(model.posts) { post in
                    PostRow(post: post)
                        .onAppear {
                            if post == model.posts.last {
                                Task { await model.refreshTail() }
                            }
                        }
                }
                ProgressView().onAppear { Task { await model.fetchNextPage() } }
            }
        }
        """),
        // Not a row's own load, which `.task { }` should cancel when the row scrolls away.
        .triggering("""
        struct FeedList: View {
            @ObservedObject var model: FeedModel
            var body: some View {
                List(model.posts) { post in
                    PostRow(post: post)
                        .↓onAppear {
                            if post.thumbnail == nil {
                                Task { await model.loadThumbnail(for: post) }
                            }
                        }
                }
            }
        }
        """),
    ]
}
