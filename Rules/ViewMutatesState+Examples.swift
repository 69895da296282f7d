/// Examples of `view_mutates_state`.
import MVILintCore

extension ViewMutatesState {
    static let examplesList: [RuleExample] = [
        // A binding the model hands out, reached through a key path, runs the model's setter.
        .nonTriggering("""
        @MainActor
        final class PrefsModel: ObservableObject {
            @Published private(set) var tab = "home"
            var tabBinding: Binding<String> { Binding(get: { self.tab }, set: { self.tab = $0 }) }
        }
        struct ChoicePage: View {
            @ObservedObject var prefs: PrefsModel
            let storage: KeyPath<PrefsModel, Binding<String>>
            var body: some View {
                Button("Search") { prefs[keyPath: storage].wrappedValue = "search" }
            }
        }
        """),
        // A property of an SDK object the model holds belongs to that object.
        .nonTriggering("""
        @MainActor
        final class BrowserModel: ObservableObject {
            let webView = WKWebView()
            let player: AVPlayer = AVPlayer()
            @Published private(set) var title = ""
        }
        struct BrowserView: View {
            @ObservedObject var browser: BrowserModel
            let handler: NavigationHandler
            var body: some View {
                Text(browser.title).onAppear {
                    browser.webView.navigationDelegate = handler
                    browser.player.volume = 0.5
                }
            }
        }
        """),
        // `open` is a declaration modifier only before a declaration: a property may bear the
        // name, and writing it from the view is caught like any other (an `open class` of the
        // project is still a declaration).
        .triggering("""
        open class DoorModel: ObservableObject {
            @Published open var open = false
            @Published var count = 0
        }
        struct DoorView: View {
            @ObservedObject var model: DoorModel
            var body: some View {
                Button("Toggle") {
                    ↓model.open = true
                    ↓model.count += 1
                }
            }
        }
        """),
        // An `App` wires up the models it makes in its `init`; its `body` is checked like a view's.
        .triggering("""
        final class AuthManager: ObservableObject { @Published private(set) var user: String? }
        final class FactsDatabase: ObservableObject {
            @Published var facts: [String] = []
            var authentication: AuthManager?
        }
        @main
        struct FactsApp: App {
            private let auth = AuthManager()
            private let database = FactsDatabase()
            init() {
                database.authentication = auth
                self.database.facts = ["seed"]
            }
            var body: some Scene {
                WindowGroup {
                    Text("Facts").environmentObject(database).onAppear { ↓database.facts = [] }
                }
            }
        }
        """),
        // A method of the state's own type that shares a name with a mutating method of the
        // standard library but not its arguments, and whose result is used (`sort(_ filter:)`
        // returning a value), only reads; `sort()`, `sort(by:)` and `reverse()` on the model's
        // array still write, and so does a statement such as `names.toggle(name)` (a project's
        // mutating extension of `Array`).
        .triggering("""
        enum Filter: Hashable { case all, starred }
        struct LibraryState {
            var orders: [Filter: String] = [:]
            func sort(_ filter: Filter) -> String { orders[filter] ?? "newest" }
            func reverse(_ filter: Filter) -> Bool { false }
        }
        final class LibraryStore: ObservableObject {
            @Published private(set) var state = LibraryState()
            @Published private(set) var names: [String] = []
        }
        struct LibraryHeader: View {
            @EnvironmentObject private var store: LibraryStore
            let filter: Filter
            var body: some View {
                VStack {
                    Text(store.state.sort(filter))
                    if store.state.reverse(filter) { Text("reversed") }
                    Button("Sort") { ↓store.names.sort() }
                    Button("Sort by length") { ↓store.names.sort(by: { $0.count < $1.count }) }
                    Button("Reverse") { ↓store.names.reverse() }
                    Button("Pick") { ↓store.names.toggle("a") }
                }
            }
        }
        """),
        // Wiring an `@ObservationIgnored` property, and setting a property of an object that the
        // model holds (a project class, or a protocol only classes adopt), or a value further
        // inside that object, do not change the model's state; a value the model holds (`layout`,
        // a struct) is still its state.
        .triggering("""
        protocol Renderer: AnyObject { var speed: Float { get set } }
        final class Meter { var peak = 0; var grid = Layout(); var marks: [Int] = [] }
        final class BarModel: ObservableObject {
            @Published private(set) var editing = false
            var isEditing: Bool { get { editing } set { editing = newValue } }
        }
        struct Layout { var columns = 2 }
        typealias EndAction = () -> Void
        @Observable final class PlayerModel {
            private(set) var title = ""
            @ObservationIgnored var close: DismissAction?
            var onReplay = {}
            var onEnd: EndAction?
            var endHandlers: [String: EndAction] = [:]
            private(set) var renderer: (any Renderer)?
            let meter = Meter()
            let bar = BarModel()
            var meters: [Meter] = []
            var lastMeter: Meter? { meters.last }
            var layout = Layout()
            private(set) var level = 0.5
            var volume: Double {
                get { level }
                set { level = min(newValue, 1) }
            }
        }
        struct PlayerPanel: View {
            @State private var model = PlayerModel()
            @Environment(\\.dismiss) private var dismiss
            var body: some View {
                Button(model.title) {
                    model.close = dismiss
                    model.onReplay = { print("replay") }
                    model.onEnd = finish
                    model.endHandlers["intro"] = finish
                    model.renderer?.speed = 2
                    model.meter.peak = 0
                    model.meter.grid.columns += 1
                    model.meter.marks.append(1)
                    model.volume = 2
                    model.bar.isEditing = true
                    model.lastMeter?.peak = 0
                    ↓model.layout.columns = 3
                }
            }
            private func finish() {}
        }
        """),
        // A `@dynamicMemberLookup` model class: a member it does not declare is its subscript's,
        // whose setter is the model's own code. A property it stores is still its state.
        .triggering("""
        struct FormState { var name = ""; var notes: [String] = [] }
        @dynamicMemberLookup
        final class FormContext: ObservableObject {
            @Published private var state = FormState()
            @Published var isSaving = false
            subscript<T>(dynamicMember keyPath: WritableKeyPath<FormState, T>) -> T {
                get { state[keyPath: keyPath] }
                set { state[keyPath: keyPath] = newValue }
            }
        }
        struct FormScreen: View {
            @ObservedObject var context: FormContext
            var body: some View {
                Button("Clear") {
                    context.name = ""
                    context.notes.removeAll()
                    ↓context.isSaving = false
                }
            }
        }
        """),
        .triggering("""
        struct OrdersView: View {
            @ObservedObject var viewModel: OrdersViewModel
            @EnvironmentObject private var store: AppStore

            var body: some View {
                List(viewModel.orders) { Text($0.title) }
                    .toolbar {
                        Button("Add") { ↓viewModel.orders.append(Order.draft()) }
                        Button("Clear") { ↓store.state.query = "" }
                        Button("Reset") {
                            ↓self.viewModel.page = 1
                            ↓viewModel.items[0].isDone.toggle()
                            ↓viewModel.count += 1
                        }
                    }
            }
        }
        """),
        // A model held through a dependency-injection wrapper, when the project declares its type
        // as a model; a wrapper holding a value or an undeclared type is not a model.
        .triggering(files: [
            "BrewDataStorage.swift": """
            @Observable final class BrewDataStorage {
                var installedFormulae: [String] = []
            }
            @propertyWrapper struct InjectedObservable<T> {
                var wrappedValue: T { fatalError() }
                init(_ key: KeyPath<Container, T>) {}
            }
            """,
            "FormulaList.swift": """
            struct FormulaList: View {
                @InjectedObservable(\\.brewData) var brewData: BrewDataStorage
                @UIApplicationDelegateAdaptor private var delegate: BrewDataStorage
                @AppStorage("sort") var sortByName = false
                @Injected(\\.api) var api: APIClientStore
                var body: some View {
                    Button("Clear") {
                        ↓brewData.installedFormulae.removeAll()
                        sortByName.toggle()
                        api.cache.limit = 0
                        delegate.installedFormulae = []
                    }
                }
            }
            """,
        ]),
        .triggering("""
        @Observable final class SettingsModel {
            var isEnabled = false
            var name = ""
        }
        struct SettingsView: View {
            @State private var model = SettingsModel()
            @Environment(ProfileModel.self) private var profile
            @Bindable var draft: DraftModel
            let plain: SettingsModel

            var body: some View {
                @Bindable var model = model
                Button("On") { ↓model.isEnabled = true }
                Button("Rename") { ↓profile.name = "Sam" }
                Button("Save") { ↓draft.title = ""; ↓plain.name = "x" }
            }
        }
        @Observable final class ProfileModel { var name = "" }
        @Observable final class DraftModel { var title = "" }
        """),
        .triggering(files: [
            "CounterModel.swift": """
            final class CounterModel: ObservableObject {
                @Published var count = 0
            }
            """,
            "CounterView.swift": """
            struct CounterView: View {
                @StateObject private var model = CounterModel()
                var body: some View {
                    Button("+1") { ↓model.count += 1 }
                }
            }
            """,
        ]),
        .triggering(files: [
            "CartView.swift": """
            struct CartView: View {
                @ObservedObject var cart: Cart
                var body: some View { clearButton }
            }
            """,
            "CartView+Actions.swift": """
            extension CartView {
                var clearButton: some View {
                    Button("Clear") { ↓cart.items.removeAll() }
                }
                func resetPromo() {
                    ↓cart.promoCode = nil
                }
            }
            """,
            "Cart.swift": "final class Cart: ObservableObject { @Published var items: [Int] = []; @Published var promoCode: String? }",
        ]),
        // A local bound to a model: a shared instance of a declared model, or a model property.
        // A local holding a value, or a shared instance of a type that is not a model, is the
        // view's own.
        .triggering("""
        @Observable final class AppSettings {
            static let shared = AppSettings()
            var volume = 0
        }
        struct Preset { static let shared = Preset(); var gain = 0 }
        struct MixerView: View {
            @ObservedObject var viewModel: MixerViewModel
            var body: some View {
                @Bindable var settings = AppSettings.shared
                let model = viewModel
                var preset = Preset.shared
                Button("Mute") {
                    ↓settings.volume = 0
                    ↓model.level = 0
                    preset.gain = 0
                }
            }
        }
        """),
        // Near misses: the view's own `@State`, a `@Binding`, locals, model methods and intents.
        // A shared instance without a written type (`= NotesStore.shared`) is a `NotesStore`; a
        // static property of another name tells nothing.
        .triggering("""
        @Observable final class NotesStore {
            static let shared = NotesStore()
            var selected: String?
            static let accent = NotesStore()
        }
        struct NotesView: View {
            @State private var store = NotesStore.shared
            @State private var other = NotesStore.accent
            var body: some View {
                Button("Deselect") {
                    ↓store.selected = nil
                    other.selected = nil
                }
            }
        }
        """),
        .nonTriggering("""
        struct OrdersView: View {
            @ObservedObject var viewModel: OrdersViewModel
            @Binding var filter: Filter
            @State private var draft = Draft()
            @State private var isShowingFilters = false

            init(viewModel: OrdersViewModel, filter: Binding<Filter>) {
                self.viewModel = viewModel
                _filter = filter
            }

            var body: some View {
                List(viewModel.orders) { Text($0.title) }
                    .toolbar {
                        Button("Filters") { isShowingFilters = true }
                        Button("All") { filter.kind = .all }
                        Button("Draft") { draft.items.append(1) }
                        Button("Add") { viewModel.addDraft() }
                        Button("Send") { viewModel.send(.refresh) }
                        Button("Copy") {
                            var copy = viewModel.orders
                            copy.append(Order.draft())
                        }
                    }
            }

            func rename(viewModel: OrdersViewModel) {
                viewModel.title = "Shadowed by the parameter"
            }
        }
        """),
        .nonTriggering("""
        struct ProfileView: View {
            @State private var profile = ProfileValue()
            let viewModel: SettingsState
            var body: some View {
                Button("Rename") { profile.name = "Sam" }
                ForEach(items) { viewModel in
                    Button("x") { viewModel.title = "" }
                }
            }
        }
        struct ProfileValue { var name = "" }
        struct SettingsState { var title = "" }
        final class ProfileViewModel: ObservableObject {
            @Published var name = ""
            func rename() { self.name = "Sam" }
        }
        """),
        // A SwiftData entity edited in a form: `@Model` makes it bindable, not a model.
        .nonTriggering("""
        import SwiftData
        @Model final class Note {
            var text = ""
            init() {}
        }
        struct NoteEditor: View {
            @Bindable var note: Note
            var body: some View {
                Button("Clear") { note.text = "" }
            }
        }
        """),
        // A Core Data entity edited in a form and saved: a record, not a model (also one that
        // Xcode generates from the project's `.xcdatamodeld`, which the sources never declare).
        .nonTriggering(files: [
            "Item.swift": """
            import CoreData
            public class Item: NSManagedObject {
                @NSManaged public var title: String?
            }
            final class TaggedItem: Item {}
            """,
            "ItemEditor.swift": """
            import SwiftUI
            struct ItemEditor: View {
                @ObservedObject var item: Item
                @ObservedObject var tagged: TaggedItem
                @Environment(\\.managedObjectContext) private var context
                var body: some View {
                    Button("Rename") {
                        item.title = "Renamed"
                        tagged.title = "Renamed"
                        try? context.save()
                    }
                }
            }
            """,
        ]),
        // An entity class that Xcode generates from the project's Core Data model.
        .nonTriggering(files: [
            "Journal.xcdatamodeld/Journal.xcdatamodel/contents": """
            <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
            <model type="com.apple.IDECoreDataModeler.DataModel" userDefinedModelVersionIdentifier="">
                <entity name="Entry" representedClassName=".Entry" syncable="YES" codeGenerationType="class">
                    <attribute name="title" optional="YES" attributeType="String"/>
                </entity>
            </model>
            """,
            "EntryEditor.swift": """
            import SwiftUI
            struct EntryEditor: View {
                @ObservedObject var entry: Entry
                @Environment(\\.managedObjectContext) private var context
                var body: some View {
                    Button("Rename") {
                        entry.title = "Renamed"
                        try? context.save()
                    }
                }
            }
            """,
        ]),
        // A Composable Architecture store: writing its state sends a binding action. Also where
        // the project keeps the library's sources, so that its `Store` is declared.
        .nonTriggering(files: [
            "Store.swift": """
            public final class Store<State, Action> {}
            extension Store: ObservableObject {}
            public typealias StoreOf<R> = Store<Int, Int>
            """,
            "TodoView.swift": """
            import ComposableArchitecture
            struct TodoView: View {
                @Bindable var store: StoreOf<Todo>
                var body: some View { Button("Done") { store.isComplete.toggle() } }
            }
            """,
        ]),
        // A binding that the model hands out writes through the model's own setter.
        .nonTriggering("""
        final class PlaylistModel: ObservableObject {
            @Published private(set) var shuffle = false
            var shuffleBinding: Binding<Bool> { Binding(get: { self.shuffle }, set: { self.setShuffle($0) }) }
            func setShuffle(_ on: Bool) { shuffle = on }
        }
        struct PlaylistToolbar: View {
            @ObservedObject var model: PlaylistModel
            var body: some View {
                Button("Shuffle") { model.shuffleBinding.wrappedValue.toggle() }
                Button("Off") { model.shuffleBinding.wrappedValue = false }
            }
        }
        """),
        // Wiring: a weak delegate and a callback of the model.
        .nonTriggering("""
        protocol ScanSink: AnyObject { func found(_ code: String) }
        final class ScannerEngine: ObservableObject {
            @Published private(set) var preview: Image?
            weak var sink: ScanSink?
            var onFinish: (() -> Void)?
        }
        final class ScanScreenModel: ObservableObject, ScanSink {
            @Published private(set) var lastCode = ""
            func found(_ code: String) { lastCode = code }
        }
        struct ScanScreen: View {
            @StateObject private var engine = ScannerEngine()
            @StateObject private var model = ScanScreenModel()
            var body: some View {
                Text(model.lastCode).onAppear {
                    engine.sink = model
                    engine.onFinish = { print("done") }
                }
            }
        }
        """),
        // The same wiring on a model that the view's model holds; its state is still state.
        .triggering("""
        @Observable final class AudioEngine {
            var titleFor: (Int) -> String = { _ in "" }
            weak var observer: AnyObject?
            var rate = 1.0
        }
        @Observable final class PlaybackModel {
            let engine = AudioEngine()
        }
        struct PlayerRoot: View {
            @State private var playback = PlaybackModel()
            var body: some View {
                Text("Player").onAppear {
                    playback.engine.titleFor = { "Track \\($0)" }
                    playback.engine.observer = nil
                    ↓playback.engine.rate = 2
                }
            }
        }
        """),
        // Writing a subject's `value` sends it: the subject's own API, like `send`.
        .nonTriggering("""
        final class CommentsModel: ObservableObject {
            @Published private(set) var isSending = false
            let draft = CurrentValueSubject<String, Never>("")
            let typed: CurrentValueSubject<Int, Never> = .init(0)
        }
        struct CommentsView: View {
            @ObservedObject var model: CommentsModel
            var body: some View {
                Button("Clear") {
                    model.draft.value = ""
                    model.typed.value += 1
                }
            }
        }
        """),
        // `insert`/`remove` of an object the model holds are that class's own methods.
        .nonTriggering("""
        final class BlockList {
            private var ids: Set<Int> = []
            func insert(userID: Int) { ids.insert(userID) }
            func remove(userID: Int) { ids.remove(userID) }
        }
        final class SessionModel: ObservableObject {
            let blocks = BlockList()
            @Published private(set) var names: [String] = []
        }
        struct BlockButton: View {
            @ObservedObject var session: SessionModel
            let userID: Int
            var body: some View {
                Button("Block") { session.blocks.insert(userID: userID) }
                Button("Unblock") { session.blocks.remove(userID: userID) }
            }
        }
        """),
        // An array of objects is still a value of the model: removing from it changes the model.
        .triggering("""
        final class Reminder {}
        final class SessionModel: ObservableObject {
            @Published var names: [String] = []
            @Published var reminders: [Reminder] = []
        }
        struct NamesEditor: View {
            @ObservedObject var session: SessionModel
            var body: some View {
                Button("Add") { ↓session.names.insert("new", at: 0) }
                Button("Clear") { ↓session.reminders.removeAll() }
            }
        }
        """),
        // A closure handed to a model from a package (not in the index) is wiring too…
        .nonTriggering("""
        import PanelKit

        struct PickerList: View {
            @EnvironmentObject var panel: FloatingPanel
            @State private var monitoring = false
            var body: some View {
                Text("Pick").onAppear {
                    monitoring = true
                    panel.onClose = { monitoring = false }
                }
            }
        }
        """),
        // …a value is not.
        .triggering("""
        import PanelKit

        struct PickerList: View {
            @EnvironmentObject var panel: FloatingPanel
            var body: some View {
                Text("Pick").onAppear { ↓panel.title = "Pick a file" }
            }
        }
        """),
    ]
}
