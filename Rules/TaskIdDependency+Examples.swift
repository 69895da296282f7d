/// Examples of `task_id_dependency`.
import MVILintCore

extension TaskIdDependency {
    static let examplesList: [RuleExample] = [
        // An SDK object the view builds in its `init` is compared by identity: no key.
        .nonTriggering("""
        struct ClipPlayerView: View {
            let player: AVQueuePlayer
            @State private var seconds: Double = 0
            init(asset: AVAsset) { self.player = AVQueuePlayer(playerItem: AVPlayerItem(asset: asset)) }
            var body: some View {
                VideoPlayer(player: player).task {
                    if let item = player.currentItem { seconds = item.duration.seconds }
                }
            }
        }
        """),
        // `.id(url)` after the task gives the view a new identity when `url` changes, and the task
        // starts again; an `.id` of another input, or one applied before the task, does not.
        .triggering("""
        struct RemoteImage: View {
            let url: URL
            let title: String
            @State private var data: Data?
            var body: some View {
                VStack {
                    Text(data == nil ? "Loading" : "Loaded")
                        .task { data = try? await URLSession.shared.data(from: url).0 }
                        .id(url)
                    Text(title)
                        .↓task { data = try? await URLSession.shared.data(from: url).0 }
                        .id(title)
                    Text(title)
                        .id(url)
                        .↓task { data = try? await URLSession.shared.data(from: url).0 }
                }
            }
        }
        """),
        // An `.onChange(of: trackURL)` that calls what the task calls redoes the work for each new
        // input; one that does something else (or watches another input) leaves the task stale.
        .triggering("""
        struct PlayerPanel: View {
            @Binding var trackURL: URL?
            let cover: URL
            @State private var model = PlayerModel()
            @State private var art: Data?
            var body: some View {
                VStack {
                    Text(model.ready ? "Ready" : "Idle")
                        .onChange(of: trackURL) {
                            Task { await model.prepare(trackURL) }
                        }
                        .task { await model.prepare(trackURL) }
                    Image(systemName: "music.note")
                        .onChange(of: cover) { art = nil }
                        .↓task { art = try? await URLSession.shared.data(from: cover).0 }
                }
            }
        }
        """),
        // An existential (`any Clock<Duration>`) is never `Equatable`; the count it sets off is.
        .triggering("""
        struct CountdownView: View {
            let clock: any Clock<Duration>
            let start: Int
            @State private var remaining = 0
            var body: some View {
                Text("\\(remaining)")
                    .↓task {
                        remaining = start
                        while remaining > 0 {
                            try? await clock.sleep(for: .seconds(1))
                            remaining -= 1
                        }
                    }
            }
        }
        """),
        // Not keys: a binding to a model or to a struct that is not `Equatable`, a generic value
        // with no `Equatable` constraint, and a flag that each initializer sets to a literal.
        .nonTriggering("""
        @Observable final class FeedLoader { var count = 0; func load() async {} }
        struct Draft { var text = "" }
        struct FeedScreen: View {
            @Binding var loader: FeedLoader
            @Binding var draft: Draft
            var body: some View {
                Text("\\(loader.count)").task { await loader.load(); print(draft.text) }
            }
        }
        struct HintSheet<H: Hint>: ViewModifier {
            let hint: H
            @State private var shown = false
            func body(content: Content) -> some View {
                content.task { for await s in hint.updates { shown = s } }
            }
        }
        struct ShelfSheet: View {
            private let autoLoads: Bool
            @State private var rows: [String] = []
            init() { autoLoads = true }
            init(previewRows: [String]) {
                autoLoads = false
                _rows = State(initialValue: previewRows)
            }
            var body: some View {
                List(rows, id: \\.self) { Text($0) }
                    .task { guard autoLoads else { return }; rows = await Catalog.fetch() }
            }
        }
        // A value the `init` works out without its parameters; an `App`, which has no parent.
        struct FeedScreen: View {
            private let isUITesting: Bool
            init() { isUITesting = ProcessInfo.processInfo.arguments.contains("-ui-testing") }
            var body: some View { Text("").task { if !isUITesting { await Catalog.fetch() } } }
        }
        @main struct ReaderApp: App {
            private let isUITesting = CommandLine.arguments.contains("-ui-testing")
            let offline: Bool
            init() { offline = UserDefaults.standard.bool(forKey: "offline") }
            var body: some Scene {
                WindowGroup { Text("").task { if !isUITesting && !offline { await Catalog.fetch() } } }
            }
        }
        """),
        .triggering("""
        struct Note: Equatable { var text = "" }
        struct NoteScreen: View {
            @Binding var note: Note
            var body: some View { Text("").↓task { await Drafts.save(note.text) } }
        }
        struct PinnedSheet<Item: Identifiable & Equatable>: View {
            let item: Item
            var body: some View { Text("").↓task { await Pins.pin(item.id) } }
        }
        struct ShelfPicker: View {
            private let autoLoads: Bool
            init(autoLoads: Bool) { self.autoLoads = autoLoads }
            var body: some View { Text("").↓task { if autoLoads { await Catalog.fetch() } } }
        }
        struct ShelfRow: View {
            private let title: String
            private let subtitle: String
            init(name: String) {
                title = name.uppercased()
                subtitle = "\\(title) items"
            }
            var body: some View { Text("").↓task { await Catalog.fetch(subtitle) } }
        }
        """),
        .triggering("""
        struct ProductDetailView: View {
            let productID: Product.ID
            @StateObject private var model = ProductDetailViewModel()
            var body: some View {
                Text(model.title)
                    .↓task { await model.load(id: productID) }
            }
        }
        """),
        .triggering("""
        struct ThreadView: View {
            @Binding var threadID: String
            var pageSize = 50
            @State private var messages: [String] = []
            var body: some View {
                List(messages, id: \\.self) { Text($0) }
                    .↓task(priority: .userInitiated) {
                        messages = await Inbox.messages(in: self.threadID, limit: pageSize)
                    }
                    .↓task {
                        if let last = messages.last { print(last, threadID) }
                    }
            }
        }
        """),
        .triggering("""
        struct CounterBadge: View {
            @Binding var count: Int
            var body: some View {
                Text("\\(count)")
                    .↓task {
                        try? await Task.sleep(for: .seconds(1))
                        count = count + 1
                    }
            }
        }
        """),
        .triggering(files: [
            "ArticleView.swift": """
            struct ArticleView: View {
                let slug: String
                @State private var article: Article?
            }
            """,
            "ArticleView+Body.swift": """
            extension ArticleView: View {
                var body: some View {
                    Text(article?.title ?? "")
                        .↓task { article = try? await Article.load(slug) }
                }
            }
            """,
        ]),
        // Near misses: `id:` given, only state read, constants, statics, closures, models, shadowing.
        .nonTriggering("""
        struct OrderDetailView: View {
            let orderID: Order.ID
            let pageSize = 20
            static let limit = 10
            private var retries = 3
            let onLoaded: (Order) -> Void
            let viewModel: OrderViewModel
            @State private var order: Order?
            @StateObject private var loader = OrderLoader()
            @Environment(\\.locale) private var locale
            @AppStorage("currency") private var currency = "USD"

            var body: some View {
                Text(order?.number ?? "")
                    .task(id: orderID) { order = try? await Orders.load(orderID) }
                    .task { await loader.load(pageSize: pageSize, limit: Self.limit, retries: retries) }
                    .task { await loader.prepare(locale: locale, currency: currency) }
                    .task { if let order { onLoaded(order) } }
                    .task { await viewModel.refresh() }
                    .task {
                        let orderID = "cached"
                        await loader.warm(orderID)
                    }
                    .task { await loader.load(orderID: loader.orderID) }
            }
        }
        """),
        .nonTriggering("""
        struct SearchView: View {
            let query: String
            let client: SearchClient
            let formatter: DateFormatter
            init(query: String, formatter: DateFormatter) {
                self.query = query
                self.client = SearchClient()
                self.formatter = formatter
            }
            var body: some View {
                Text(query)
                    .onAppear { print(query) }
                    .task { await client.warmUp(formatter) }
            }
        }
        final class SearchClient { func warmUp() async {} }
        """),
        // A task that only writes a binding does not depend on its value, also through its
        // `wrappedValue`.
        .nonTriggering("""
        struct FlashBanner: View {
            @Binding var isVisible: Bool
            @Binding var pulse: Bool
            let focus: FocusState<Bool>.Binding
            var body: some View {
                Text("Saved")
                    .focused(focus)
                    .task {
                        pulse = true
                        try? await Task.sleep(for: .seconds(2))
                        self.isVisible = false
                        pulse = false
                        focus.wrappedValue = true
                    }
            }
        }
        """),
        // A Composable Architecture store is the view's model: the task sends it an action.
        .nonTriggering("""
        import ComposableArchitecture
        struct ScoreboardView: View {
            let store: StoreOf<Scoreboard>
            let league: Store<League.State, League.Action>
            var body: some View {
                Text("\\(store.total)")
                    .task { await store.send(.onTask).finish() }
                    .task { await league.send(.refresh).finish() }
            }
        }
        """),
        // `task(id:)` needs an `Equatable` value: a project struct, or an enum with associated
        // values, that does not conform cannot be the key. One that conforms (also through an
        // extension), and an enum without associated values, can.
        .triggering("""
        protocol ArchiveReading {}
        enum ArchiveSource { case live(any ArchiveReading), cached(String) }
        struct Query { var text: String }
        enum Scope { case all, recent }
        enum Filter { case tag(String), none }
        extension Filter: Equatable {}
        struct Page: Hashable { var index: Int }
        struct ArchiveView: View {
            let source: ArchiveSource
            let query: Query
            let scope: Scope
            let filter: Filter
            let page: Page
            var body: some View {
                Text("")
                    .task { await load(source, query) }
                    .↓task { await load(scope) }
                    .↓task { await load(filter, page) }
            }
        }
        """),
        // The task fills the binding itself when it is still empty; `region` is a real input.
        .nonTriggering("""
        struct CategoryStrip: View {
            @Binding var categories: [String]
            var body: some View {
                HStack { ForEach(categories, id: \\.self) { Text($0) } }
                    .task {
                        guard categories.isEmpty else { return }
                        await fill()
                    }
            }
            private func fill() async { categories = await CatalogAPI.categories() }
        }
        """),
        .triggering("""
        struct CategoryStrip: View {
            @Binding var categories: [String]
            let region: String
            var body: some View {
                HStack { ForEach(categories, id: \\.self) { Text($0) } }
                    .↓task {
                        guard categories.isEmpty else { return }
                        categories = await CatalogAPI.categories(in: region)
                    }
            }
        }
        """),
        // Two types named `Entry`, a nested value and a top-level class: whether the view holds a
        // value is not known, so it is not taken for one to key on.
        .nonTriggering("""
        enum Layout {
            struct Entry: Equatable { var title = "" }
        }
        final class Entry {
            let name = ""
        }
        struct EntryRow: View {
            let entry: Entry
            var body: some View {
                Text(entry.name).task { await EntryLoader.load(entry.name) }
            }
        }
        """),
        // A seed, named to be read once…
        .nonTriggering("""
        struct ActivitiesPage: View {
            let initialActivities: [String]
            @State private var activities: [String] = []
            var body: some View {
                List(activities, id: \\.self) { Text($0) }
                    .task { if activities.isEmpty { activities = initialActivities } }
            }
        }
        """),
        // …but `initials` is no seed name.
        .triggering("""
        struct ActivitiesPage: View {
            let initialActivities: [String]
            let initials: String
            @State private var activities: [String] = []
            var body: some View {
                List(activities, id: \\.self) { Text($0) }
                    .↓task {
                        if activities.isEmpty { activities = initialActivities }
                        activities += await ActivityAPI.more(for: initials)
                    }
            }
        }
        """),
    ]
}
