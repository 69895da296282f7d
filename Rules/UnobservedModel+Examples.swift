/// Examples of `unobserved_model`.
import MVILintCore

extension UnobservedModel {
    static let examplesList: [RuleExample] = [
        .triggering("""
        struct ProfileHeaderView: View {
            let ↓viewModel: ProfileViewModel
            var ↓session: SessionStore?
            private let ↓theme: ThemeStore = .shared
            var body: some View { Text(viewModel.name).foregroundStyle(theme.accent).opacity(session?.isActive == true ? 1 : 0.5) }
        }
        """),
        .triggering(files: [
            "Store.swift": """
            final class Store<State, Action>: ObservableObject {
                @Published private(set) var state: State
                init(state: State) { self.state = state }
            }
            typealias CartStore = Store<CartState, CartAction>
            """,
            "Settings.swift": """
            class BaseModel: ObservableObject { @Published var theme = "" }
            final class Preferences: BaseModel {}
            """,
            "CartBadge.swift": """
            struct CartBadge: View {
                let ↓store: Store<AppState, AppAction>
                let ↓cart: CartStore
                let ↓preferences: Preferences
                var body: some View {
                    Text("\\(cart.state.count)").foregroundStyle(preferences.theme == "dark" ? .white : .black)
                    if store.state.isEmpty { EmptyView() }
                }
            }
            """,
        ]),
        // The `id` that `Identifiable` gives a class (`ObjectIdentifier(self)`), a plain stored
        // property read in an interpolation, and a SwiftData `@Model` class, which Observation
        // tracks even when it also adopts ObservableObject.
        .nonTriggering("""
        import SwiftData
        final class TagChip: ObservableObject, Identifiable {
            @Published private(set) var label = ""
            let number: Int
            init(number: Int) { self.number = number }
        }
        @Model final class Draft: ObservableObject {
            var text: String
            @Transient @Published var isSending = false
            init(text: String) { self.text = text }
        }
        struct ChipHighlight: View {
            let chip: TagChip
            let draft: Draft
            let highlighted: Set<ObjectIdentifier>
            var body: some View {
                Text("#\\(chip.number)").opacity(highlighted.contains(chip.id) ? 1 : 0.2)
                Text(draft.text)
            }
        }
        """),
        // A UIKit or AppKit view named through a project alias (`Platform.View`) is not a SwiftUI
        // view; `SwiftUI.View` is.
        .nonTriggering("""
        enum Platform {
            #if os(macOS)
            typealias View = NSView
            #else
            typealias View = UIView
            #endif
        }
        final class Brush: ObservableObject { @Published private(set) var width = 1.0 }
        final class SketchSurface: Platform.View {
            private let brush: Brush
            init(brush: Brush) {
                self.brush = brush
                super.init(frame: .zero)
            }
            required init?(coder: NSCoder) { nil }
            func strokeWidth() -> Double { brush.width * 2 }
        }
        """),
        .triggering("""
        final class Brush: ObservableObject { @Published private(set) var width = 1.0 }
        struct BrushPreview: SwiftUI.View {
            let ↓brush: Brush
            var body: some SwiftUI.View { Circle().frame(width: brush.width) }
        }
        """),
        // A method of the view used only as an action, or called only in event handlers.
        .nonTriggering("""
        final class FlowCoordinator: ObservableObject {
            @Published private(set) var step = 0
            var folder: String? { step > 0 ? "next" : nil }
        }
        struct MoveView: View {
            let coordinator: FlowCoordinator
            @State private var target: String?
            var body: some View {
                Button("Go", action: go)
                Text("Back").onTapGesture { back() }
            }
            private func go() { target = coordinator.folder }
            private func back() { target = "\\(coordinator.step)" }
        }
        struct QrView: View {
            let coordinator: FlowCoordinator
            private let caption: String
            init(coordinator: FlowCoordinator) {
                self.coordinator = coordinator
                caption = "Step \\(coordinator.step)"
            }
            var body: some View { Text(caption) }
        }
        """),
        .triggering("""
        final class FlowCoordinator: ObservableObject {
            @Published private(set) var step = 0
        }
        struct StepView: View {
            let ↓coordinator: FlowCoordinator
            var body: some View {
                Button("Go", action: go)
                Text(label())
            }
            private func go() { print(coordinator.step) }
            private func label() -> String { "\\(coordinator.step)" }
        }
        """),
        // …but an `id` the class declares, and its state in an interpolation, may change.
        .triggering("""
        final class TagChip: ObservableObject, Identifiable {
            @Published private(set) var label = ""
            var id: String { label }
        }
        struct ChipHighlight: View {
            let ↓chip: TagChip
            let ↓other: TagChip
            var body: some View {
                Text(chip.id)
                Text("#\\(other.label)")
            }
        }
        """),
        // In an interpolation, a member of the same name of another object is not the view's
        // property; `self.` is.
        .nonTriggering("""
        final class Library: ObservableObject { @Published private(set) var songs: [String] = [] }
        final class PlaylistModel: ObservableObject { let library: Library; init(library: Library) { self.library = library } }
        struct PlaylistView: View {
            let library: Library
            @StateObject private var model: PlaylistModel
            init(library: Library) {
                self.library = library
                _model = StateObject(wrappedValue: PlaylistModel(library: library))
            }
            var body: some View { Text("\\(model.library.songs.count) songs") }
        }
        """),
        .triggering("""
        final class Library: ObservableObject { @Published private(set) var songs: [String] = [] }
        struct ShelfView: View {
            let ↓library: Library
            var body: some View { Text("\\(self.library.songs.count) songs") }
        }
        """),
        // A typealias declared once per build configuration names one type or the other; which
        // one a use means is not known, so the alias is not followed.
        .nonTriggering(files: [
            "Hub.swift": """
            class HubData: ObservableObject { @Published private(set) var items: [String] = [] }
            #if REMOTE
            final class RemoteHubData: HubData { private(set) var client = Client() }
            #endif
            final class Client { var name = "" }
            \(SharedExamples.hubDataTypeAlias)
            """,
            "HostView.swift": """
            struct HostView: View {
                let data: DataType
                var body: some View {
                    #if REMOTE
                    Text(data.client.name)
                    #else
                    ContentPane().environmentObject(data)
                    #endif
                }
            }
            """,
        ]),
        // What cannot show stale state: a model the view only passes on, or reads only
        // through methods and plain stored properties; a model with no observable state; a
        // weak or unowned reference, which cannot take a property wrapper.
        .nonTriggering("""
        final class ToastCenter: ObservableObject {
            @Published private(set) var message: String?
            let id = UUID()
            func show(_ text: String) { message = text }
            func whenIdle(_ done: @escaping (Bool) -> Void) { done(message == nil) }
            func dismiss() { message = nil }
            func start() {}
        }
        final class TicketRecord: ObservableObject {
            var title = ""
        }
        struct ShellView: View {
            let toasts: ToastCenter
            let ticket: TicketRecord
            weak var tracker: ToastCenter?
            var body: some View {
                TabView { Text(ticket.title) }
                    .toastOverlay(toasts)
                    .id(toasts.id)
                    .onAppear { toasts.show("Hi") }
                    .onAppear { toasts.whenIdle { _ in } }
                    .onReceive(tracker!.$message) { _ in }
                    .onAppear(perform: toasts.start)
                Button("Dismiss", action: self.toasts.dismiss)
            }
        }
        """),
        .nonTriggering("""
        import ComposableArchitecture
        struct CounterView: View {
            let store: StoreOf<Counter>
            let child: Store<Child.State, Child.Action>
            var body: some View { Text("\\(store.count)") }
        }
        """),
        // A write shows nothing, and a project view's `on…` callback runs on an event, as a
        // button's action does; so does a callback stored on another object.
        .nonTriggering("""
        @MainActor
        final class Shop: ObservableObject {
            @Published private(set) var items: [String] = []
            @Published var alert: String?
            func add(_ s: String) { items.append(s) }
        }
        struct StepRow: View {
            let onCancel: () -> Void
            let onSelect: (String) -> Void
            var body: some View { Button("Cancel", action: onCancel) }
        }
        struct ShopRow: View {
            let shop: Shop
            private func select(_ name: String) { if !shop.items.contains(name) { shop.add(name) } }
            var body: some View {
                StepRow(onCancel: { shop.alert = "cancel" }, onSelect: select)
                    .environmentObject({
                        let helper = PickerHelper()
                        helper.onPick = { index in if let first = shop.items.first { shop.add(first) } }
                        return helper
                    }())
            }
        }
        """),
        // The ObservableStore library's `ViewStore` is a value the parent store hands down at
        // each render: there is nothing to observe. Its `Store` is an ObservableObject.
        .nonTriggering("""
        import ObservableStore
        struct BannerView: View {
            var store: ViewStore<BannerModel>
            var body: some View { Text(store.state.message) }
        }
        """),
        .triggering("""
        import ObservableStore
        struct BannerHost: View {
            let ↓store: Store<BannerModel>
            var body: some View { Text(store.state.message) }
        }
        """),
        // A plain property inherited from a project superclass; a model of another module
        // that the view only passes on.
        .nonTriggering("""
        class RowModel: ObservableObject {
            let caption: String
            init(caption: String) { self.caption = caption }
        }
        final class FinishedRowModel: RowModel {
            var size = ""
        }
        struct FinishedRow: View {
            let row: FinishedRowModel
            let tips: SiteTipsViewModel
            var body: some View {
                Text(row.caption)
                TipsContent(viewModel: tips)
            }
        }
        """),
        .triggering("""
        class PagedModel: ObservableObject {
            @Published var page = 0
            let caption = ""
        }
        final class FeedPageModel: PagedModel {}
        struct FeedFooter: View {
            let ↓feed: FeedPageModel
            let ↓tips: SiteTipsViewModel
            var body: some View { Text("\\(feed.page) \\(tips.title)") }
        }
        """),
        // Near misses: observed wrappers, `@Observable` models, values, closures, constructions.
        .nonTriggering(files: [
            "SettingsModel.swift": """
            @Observable final class SettingsModel { var isOn = false }
            struct Draft { var title = "" }
            """,
            "SettingsView.swift": """
            struct SettingsView: View {
                @ObservedObject var viewModel: ProfileViewModel
                @EnvironmentObject var session: SessionStore
                let model: SettingsModel
                let draft: Draft
                let onClose: () -> Void
                let makeModel: () -> ProfileViewModel
                let healthStore: HKHealthStore
                let owned = ProfileViewModel()
                static let shared: ThemeStore = .shared
                var computed: SessionStore { SessionStore() }
                var body: some View { Text(model.isOn ? "On" : "Off") }
            }
            final class Coordinator {
                let viewModel: ProfileViewModel
                init(viewModel: ProfileViewModel) { self.viewModel = viewModel }
            }
            """,
        ]),
        // A store observable both ways (as the Composable Architecture's `Store` is, in its
        // own repository): Observation tracks what `body` reads.
        .nonTriggering(files: [
            "Store.swift": """
            public final class Store<State, Action>: ObservableObject {}
            extension Store: Perceptible {}
            public typealias StoreOf<R> = Store<Int, Int>
            """,
            "CounterView.swift": """
            struct CounterView: View {
                let store: StoreOf<Counter>
                var body: some View { Text(store.title) }
            }
            """,
        ]),
        // Made by the view's own `init` from an injected value: not an injected model. Also
        // when a factory of the type makes it, or a local holds the new instance first.
        .nonTriggering("""
        struct BoardView: View {
            let boardStore: BoardStore
            let hintStore: HintStore
            let timerStore: TimerStore
            let scoreStore: ScoreStore = .make(for: .now)
            init(game: Game) {
                self.boardStore = BoardStore(game: game, animated: true)
                self.hintStore = HintStore.make(for: game)
                let timer = TimerStore(limit: game.limit)
                timer.configure(game)
                self.timerStore = timer
            }
            var body: some View { BoardCanvas(store: boardStore) }
        }
        """),
        // Collections of models are not models.
        .nonTriggering("""
        struct WalletsView: View {
            var wallets: [WalletStore]
            var byID: [String: WalletStore]
            let recent: [WalletStore]?
            var body: some View { EmptyView() }
        }
        """),
        // Nothing is injected into an `App`: what it holds, it made.
        .nonTriggering("""
        @main
        struct GlucoseApp: App {
            private let store: MainStore = createStore()
            var body: some Scene { WindowGroup { ContentView().environmentObject(store) } }
        }
        """),
        // Inside a view, its generic parameter, its own nested type, or a type nested in a
        // generic model (`Model<T>.ID`) is meant, not the project's model of that name.
        .nonTriggering(files: [
            "Models.swift": """
            final class Backdrop: ObservableObject { @Published private(set) var title = "" }
            enum Flow { final class Coordinator: ObservableObject { @Published private(set) var step = 0 } }
            final class PageModel<Item: Identifiable>: ObservableObject, Identifiable {
                let id: String
                init(id: String) { self.id = id }
            }
            """,
            "Views.swift": """
            struct BackdropModifier<Backdrop: View>: ViewModifier {
                let backdrop: Backdrop
                func body(content: Content) -> some View { content.background(backdrop) }
            }
            struct RowView: View {
                final class Coordinator { var taps = 0 }
                let coordinator: Coordinator
                let selection: PageModel<Episode>.ID?
                var body: some View { Text("\\(coordinator.taps)") }
            }
            """,
        ]),
        // A local that holds an existing instance is still injected.
        .triggering("""
        struct BoardView: View {
            let ↓boardStore: BoardStore
            init(parent: ParentStore) {
                let existing = parent.board
                self.boardStore = existing
            }
            var body: some View { BoardCanvas(store: boardStore).navigationTitle(boardStore.title) }
        }
        """),
        // The reads are of a local that shadows the property, which only builds the observed model.
        .nonTriggering("""
        final class InboxFeed: ObservableObject { @Published private(set) var items: [String] = [] }
        final class FilteredFeed: ObservableObject {
            @Published private(set) var items: [String] = []
            init(source: InboxFeed) {}
        }
        struct InboxList: View {
            let feed: InboxFeed
            @StateObject private var filtered: FilteredFeed
            init(feed: InboxFeed) {
                self.feed = feed
                _filtered = StateObject(wrappedValue: FilteredFeed(source: feed))
            }
            var body: some View {
                let feed = filtered.items
                if feed.isEmpty { Text("Nothing here") } else { ForEach(feed, id: \\.self) { Text($0) } }
            }
        }
        """),
        // State read only when an event comes: in actions and handlers.
        .nonTriggering("""
        final class PlayerModel: ObservableObject {
            @Published private(set) var isPlaying = false
            @Published private(set) var title = ""
            func toggle() { isPlaying.toggle() }
        }
        struct PlayButton: View {
            let player: PlayerModel
            var body: some View {
                Button("Play") { if !player.isPlaying { player.toggle() } }
                    .onAppear { print(player.title) }
                    .task { await log(player.title) }
                Button { print(player.isPlaying) } label: { Image(systemName: "info") }
            }
            func log(_ s: String) async {}
        }
        """),
        // Not when the label shows it, or `onChange(of:)` watches it.
        .triggering("""
        final class PlayerModel: ObservableObject {
            @Published private(set) var isPlaying = false
            @Published private(set) var title = ""
            func toggle() { isPlaying.toggle() }
        }
        struct PlayButton: View {
            let ↓player: PlayerModel
            var body: some View {
                Button { player.toggle() } label: { Text(player.title) }
            }
        }
        struct PlayStatus: View {
            let ↓player: PlayerModel
            var body: some View {
                Color.clear.onChange(of: player.isPlaying) { print($0) }
            }
        }
        """),
        // A computed property whose getter reads only stored properties that are not
        // observable state hands out nothing a change would update; one that reads state does.
        .triggering("""
        final class Preferences: ObservableObject {
            @Published private(set) var accent = "blue"
        }
        final class Storage {
            let preferences = Preferences()
        }
        final class StudioModel: ObservableObject {
            @Published private(set) var isRecording = false
            private let storage = Storage()
            var preferences: Preferences { storage.preferences }
            var status: String { isRecording ? "Recording" : storage.preferences.accent }
        }
        struct PreferencesRow: View {
            @ObservedObject var preferences: Preferences
            var body: some View { Text(preferences.accent) }
        }
        struct SettingsPane: View {
            let model: StudioModel
            var body: some View { PreferencesRow(preferences: model.preferences) }
        }
        struct StatusPane: View {
            let ↓model: StudioModel
            var body: some View { Text(model.status) }
        }
        """),
    ]
}
