/// `prefer_task_modifier`: async work tied to a view's appearance goes into `.task { }`.
import MVILintCore

struct PreferTaskModifier: Rule {
    static let info = RuleInfo(
        id: "prefer_task_modifier",
        title: "Prefer the Task Modifier",
        summary: "A `Task` started from `.onAppear { }` should be a `.task { }` modifier",
        rationale: """
        `.onAppear { Task { await load() } }` starts unstructured work that nothing cancels: when the \
        user leaves the screen the request keeps running, and its result may land on a view that is \
        gone or, after quick back-and-forth navigation, arrive out of order. `.task { await load() }` \
        runs the same work on the main actor, starts it when the view appears and cancels it \
        automatically when the view disappears; `.task(id:)` also restarts it when a value changes. \
        Only a `Task` that the `onAppear` closure itself creates is reported, on the `onAppear` token; \
        one created inside a further closure (a timer, a completion handler) is left alone, and so is \
        one whose handle is stored in an existing property (`pending = Task { … }`): code that keeps \
        the handle cancels or replaces the work itself, which `.task { }` cannot express. A `Task` \
        whose body never suspends (no `await` of its own: one inside a completion handler or a nested \
        task suspends that code, not the task; `await Task.yield()` only hands the turn back) is not \
        reported either: it only defers synchronous \
        work to the next turn of the main actor, and there is nothing in flight to cancel. Nor is a \
        `Task` started after the closure sets a `@State` flag that an `if` or `guard` tests (an \
        infinite-scroll sentinel that removes itself, a run-once latch), or one that at once awaits \
        a method of the view which sets such a flag before its first suspension \
        (`Task { await fetchMore() }`): `.task { }` would cancel that work as soon as the view goes \
        away, or never start it again. For the same reason an infinite-scroll trigger is not \
        reported: a Task that awaits a method named for the next page (`loadNextPage`, \
        `fetchMore`, `paginate`), or that starts under a test of the row against the end of the \
        list (`if post == posts.last`, `index == items.count - 1`).
        """,
        category: .lifecycle,
        defaults: [.mvvm: .warning, .mvi: .warning],
        needsIndex: false,
        examples: [
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
        ])

    static let scopeWords = ["onAppear"]
    /// Only a file that names `onAppear` is checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.contains("onAppear") }

    func check(_ context: inout RuleContext) {
        let file = context.file
        // Most files have no `onAppear`: they need no closure analysis for this rule.
        guard file.containsIdentifier("onAppear") else { return }
        let analysis = file.bodyAnalysis
        let everything = 0..<file.tokens.count
        for (closure, modifier) in file.modifierClosures(named: "onAppear", in: everything) {
            // Only a Task created by the closure's own statements: one created in a nested closure
            // (a completion handler, a timer) is not started by the appearance itself.
            let direct = closure.body.first { i in
                file.isTaskCreation(at: i) && analysis.innermost[i] >= 0 && analysis.closures[Int(analysis.innermost[i])].open == closure.open
                    && !file.storesTaskHandle(createdAt: i) && file.taskSuspends(createdAt: i)
            }
            guard let task = direct, !setsGatingState(before: task, in: closure.body, modifier: modifier.token, file: file),
                  !loadsNextPage(taskAt: task, in: closure.body, file: file) else { continue }
            context.report(at: modifier.token, .onAppearTask)
        }
    }
}

extension PreferTaskModifier {
    /// An infinite-scroll trigger: the Task awaits a method named for the next page or more
    /// items (`loadNextPage`, `fetchMore`, `paginate`), or it starts under a test of the row
    /// against the end of the list (`if post == posts.last`, `index == items.count - 1`,
    /// `endIndex`). `.task { }` would cancel the load when the row scrolls away, and the row
    /// would not ask again until it reappears.
    private func loadsNextPage(taskAt task: Int, in body: TokenRange, file: SourceFile) -> Bool {
        if file.taskAwaitsNextPage(createdAt: task) { return true }
        // The `if` conditions around the Task inside the closure.
        for i in body where i < task && (file.isWord(i, "if") || file.isWord(i, "guard")) {
            let end = conditionEnd(after: i, limit: task, in: file)
            if file.kind(end) == .leftBrace, let blockClose = file.partner(end), blockClose < task { continue }
            let testsEnd = ((i + 1)..<end).contains { j in
                (file.kind(j - 1) == .period && (file.isWord(j, "last") || file.isWord(j, "endIndex")))
                    || (file.isWord(j, "count") && file.isText(j + 1, "-"))
            }
            if testsEnd { return true }
        }
        return false
    }

    /// Whether the closure sets a `@State` flag before creating the Task, or the Task at once calls
    /// a method of the view that sets one before its first suspension, where the flag either
    /// guards the closure itself (`guard !didStart else { return }; didStart = true`) or is tested
    /// by an `if` around the view that carries `onAppear` (`if !isFetchingMore { Spacer().onAppear {
    /// isFetchingMore = true; Task { … } } }`): the flag keeps the work from starting again, or
    /// removes that view, so a `.task { }` would never restart it or would cancel it at once.
    private func setsGatingState(before task: Int, in body: TokenRange, modifier: Int, file: SourceFile) -> Bool {
        guard body.lowerBound <= task else { return false }
        // The tests that matter lie in the closure or around the view that carries `onAppear`:
        // within the innermost type that holds the modifier (the whole file outside any type).
        var scope = 0..<file.tokens.count
        var holder: TypeDecl? = nil
        for t in file.tree.allTypes {
            guard let open = t.bodyOpen, let close = t.bodyClose, open < modifier, modifier < close, open >= scope.lowerBound, close <= scope.upperBound else { continue }
            scope = open..<(close + 1)
            holder = t
        }
        func isState(_ name: String) -> Bool {
            file.tree.allTypes.contains { t in t.variables.contains { $0.name == name && $0.header.hasAttribute("State") } }
        }
        // Each flag with the token where the closure sets it (nil when a called method does).
        var flags: [(name: String, setAt: Int?)] = []
        for m in file.mutations(in: body.lowerBound..<task) where m.kind == .assignment && m.path.count == 1 && isState(m.path[0]) {
            flags.append((m.path[0], m.rootToken))
        }
        if let holder = holder {
            for name in flagsSetFirst(byMethodAwaitedIn: task, of: holder, file: file) where isState(name) { flags.append((name, nil)) }
        }
        for flag in flags {
            for i in scope where file.isWord(i, "if") || file.isWord(i, "guard") {
                // The condition, up to the block or `else` (a short one): does it test the flag?
                let end = conditionEnd(after: i, limit: file.tokens.count, in: file)
                let tests = ((i + 1)..<end).contains { j in
                    file.kind(j) == .identifier && file.name(j) == flag.name
                        && (file.kind(j - 1) != .period || (file.isWord(j - 2, "self") && file.kind(j - 3) != .period))
                }
                guard tests else { continue }
                // A test inside the closure before it sets the flag: a latch.
                if let setAt = flag.setAt, body.contains(i), i < setAt { return true }
                // An `if` one of whose blocks holds the view with `onAppear`: the flag removes that view.
                if file.isWord(i, "if"), file.kind(end) == .leftBrace, let close = file.partner(end) {
                    if end < modifier, modifier < close { return true }
                    if file.isWord(close + 1, "else"), file.kind(close + 2) == .leftBrace, let last = file.partner(close + 2),
                       close + 2 < modifier, modifier < last { return true }
                }
            }
        }
        return false
    }

    /// The names a method of the view (`holder`, its declaration and extensions in this file)
    /// assigns before its first suspension, when the Task created at `task` starts by awaiting it
    /// (`Task { await fetchMore() }`). A method that itself starts by awaiting methods of the view
    /// (`if external { await loadExternal() } else { await loadRegular() }`) is followed into them.
    private func flagsSetFirst(byMethodAwaitedIn task: Int, of holder: TypeDecl, file: SourceFile) -> [String] {
        let analysis = file.bodyAnalysis
        guard let (index, closure) = file.taskClosure(createdAt: task) else { return [] }
        let start = closure.inToken.map { $0 + 1 } ?? closure.open + 1
        guard let awaited = (start..<closure.close).first(where: { file.isWord($0, "await") && Int(analysis.innermost[$0]) == index }),
              let name = awaitedMethod(at: awaited, file: file) else { return [] }
        let methods = file.tree.allTypes.filter { $0.indexName == holder.indexName }.flatMap(\.functions)
        var out: [String] = []
        var visited = Set<String>()
        func follow(_ name: String, depth: Int) {
            guard depth < 4, visited.insert(name).inserted else { return }
            for f in methods where f.name == name {
                guard let b = f.bodyTokens else { continue }
                let own = b.lowerBound > 0 ? analysis.innermost[b.lowerBound - 1] : -1
                // Up to the first suspension that is not an awaited method of the view.
                var end = b.upperBound
                for i in b where file.isWord(i, "await") && analysis.innermost[i] == own {
                    guard let callee = awaitedMethod(at: i, file: file), methods.contains(where: { $0.name == callee }) else { end = i; break }
                    follow(callee, depth: depth + 1)
                }
                for m in file.mutations(in: b.lowerBound..<end) where m.kind == .assignment && m.path.count == 1 { out.append(m.path[0]) }
            }
        }
        follow(name, depth: 0)
        return out
    }

    /// The end of the condition of the `if` or `guard` at `i`: its block's `{`, or `else` (a short
    /// condition: at most 64 tokens, and not past `limit`).
    private func conditionEnd(after i: Int, limit: Int, in file: SourceFile) -> Int {
        var end = i + 1
        while end < min(limit, i + 64), file.kind(end) != .leftBrace, !file.isWord(end, "else") { end += 1 }
        return end
    }

    /// The method that `await` at `i` calls by its plain name or through `self.` (`await load()`).
    private func awaitedMethod(at i: Int, file: SourceFile) -> String? {
        var k = i + 1
        if file.isWord(k, "self"), file.kind(k + 1) == .period { k += 2 }
        guard file.kind(k) == .identifier, file.kind(k + 1) == .leftParen, file.kind(k - 1) != .period || file.isWord(k - 2, "self") else { return nil }
        return file.name(k)
    }
}

private extension String {
    static let onAppearTask = "`onAppear` starts a `Task` that is not cancelled when the view disappears; use `.task { }` instead"
}
