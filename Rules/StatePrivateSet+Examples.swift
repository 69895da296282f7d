/// Examples of `state_private_set`.
import MVILintCore

extension StatePrivateSet {
    static let examplesList: [RuleExample] = [
        .triggering("""
        final class CounterModel: ObservableObject {
            @Published var ↓count = 0
        }
        """),
        .triggering("""
        @Observable
        final class SearchModel {
            var ↓query = ""
            public var ↓results: [String] = []
        }
        """),
        .triggering(files: [
            "BaseModel.swift": "class BaseModel: ObservableObject {}",
            "FeedModel.swift": """
            final class FeedModel: BaseModel {
                @Published
                var ↓items: [String] = []
            }
            """,
        ]),
        .triggering(files: [
            "Conformance.swift": "extension LegacyModel: ObservableObject {}",
            "LegacyModel.swift": """
            final class LegacyModel {
                @Published internal var ↓title = ""
            }
            """,
        ]),
        .fix(before: """
        final class CounterModel: ObservableObject {
            @Published var ↓count = 0, ↓step = 1
            @Published public var ↓title = ""
            @Published public internal(set) var ↓subtitle = ""
        }
        """, after: """
        final class CounterModel: ObservableObject {
            @Published private(set) var count = 0, step = 1
            @Published public private(set) var title = ""
            @Published public private(set) var subtitle = ""
        }
        """),
        // A property that a view binds (`$model.query`) is reported without a fix, which
        // would stop the binding from compiling.
        .fix(before: """
        final class SearchModel: ObservableObject {
            @Published var ↓query = ""
            @Published var ↓count = 0
        }
        struct SearchView: View {
            @StateObject private var model = SearchModel()
            var body: some View { TextField("Search", text: $model.query).onChange(of: model.query) { _ in } }
        }
        """, after: """
        final class SearchModel: ObservableObject {
            @Published var ↓query = ""
            @Published private(set) var count = 0
        }
        struct SearchView: View {
            @StateObject private var model = SearchModel()
            var body: some View { TextField("Search", text: $model.query).onChange(of: model.query) { _ in } }
        }
        """),
        // A property that a view writes keeps its setter: the fix would stop the view compiling.
        .fix(files: [
            "OrdersModel.swift": """
            final class OrdersModel: ObservableObject {
                @Published var ↓orders: [String] = []
                @Published var ↓filter = ""
            }
            """,
            "OrdersView.swift": """
            struct OrdersView: View {
                @ObservedObject var model: OrdersModel
                var body: some View {
                    List(model.orders, id: \\.self) { Text($0) }
                        .toolbar { Button("Add") { model.orders.append("Draft") } }
                        .navigationTitle(model.filter)
                }
            }
            """,
        ], fixed: [
            "OrdersModel.swift": """
            final class OrdersModel: ObservableObject {
                @Published var ↓orders: [String] = []
                @Published private(set) var filter = ""
            }
            """,
            "OrdersView.swift": """
            struct OrdersView: View {
                @ObservedObject var model: OrdersModel
                var body: some View {
                    List(model.orders, id: \\.self) { Text($0) }
                        .toolbar { Button("Add") { model.orders.append("Draft") } }
                        .navigationTitle(model.filter)
                }
            }
            """,
        ]),
        // Other writers outside the class: another type in its file, a subclass in another
        // file, an `inout` argument, a key path. Only `volume` is written by the class alone.
        .fix(files: [
            "Player.swift": """
            class Player: ObservableObject {
                @Published var ↓volume = 0.5
                @Published var ↓title = ""
                @Published var ↓position = 0
                @Published var ↓rate = 1.0
                @Published var ↓isMuted = false
                func louder() { volume += 0.1 }
            }
            struct Remote {
                func mute(_ player: Player) { player.isMuted = true }
            }
            """,
            "VideoPlayer.swift": """
            final class VideoPlayer: Player {
                func reset() { title = "" }
            }
            """,
            "Controls.swift": """
            func nudge(_ value: inout Int) { value += 1 }
            struct Controls {
                let player: Player
                func skip() { nudge(&player.position) }
                func follow(_ rates: AnyPublisher<Double, Never>) -> AnyCancellable { rates.assign(to: \\.rate, on: player) }
            }
            """,
        ], fixed: [
            "Player.swift": """
            class Player: ObservableObject {
                @Published private(set) var volume = 0.5
                @Published var ↓title = ""
                @Published var ↓position = 0
                @Published var ↓rate = 1.0
                @Published var ↓isMuted = false
                func louder() { volume += 0.1 }
            }
            struct Remote {
                func mute(_ player: Player) { player.isMuted = true }
            }
            """,
            "VideoPlayer.swift": """
            final class VideoPlayer: Player {
                func reset() { title = "" }
            }
            """,
            "Controls.swift": """
            func nudge(_ value: inout Int) { value += 1 }
            struct Controls {
                let player: Player
                func skip() { nudge(&player.position) }
                func follow(_ rates: AnyPublisher<Double, Never>) -> AnyCancellable { rates.assign(to: \\.rate, on: player) }
            }
            """,
        ]),
        // Near misses, still fixed: the class's own extension in its file, reads from a view,
        // a property of the same name of another type, a write into an object the model holds.
        .fix(files: [
            "Mixer.swift": """
            final class Mixer: ObservableObject {
                @Published var ↓volume = 0.5
                @Published var ↓engine = Engine()
            }
            final class Engine { var rate = 1.0 }
            extension Mixer {
                func reset() { volume = 0.5 }
            }
            """,
            "MixerView.swift": """
            struct AudioSettings { var volume = 1.0 }
            struct MixerView: View {
                @ObservedObject var mixer: Mixer
                @State private var settings = AudioSettings()
                var body: some View {
                    Button("Match") { settings.volume = mixer.volume; mixer.engine.rate = 2 }
                }
            }
            """,
        ], fixed: [
            "Mixer.swift": """
            final class Mixer: ObservableObject {
                @Published private(set) var volume = 0.5
                @Published private(set) var engine = Engine()
            }
            final class Engine { var rate = 1.0 }
            extension Mixer {
                func reset() { volume = 0.5 }
            }
            """,
            "MixerView.swift": """
            struct AudioSettings { var volume = 1.0 }
            struct MixerView: View {
                @ObservedObject var mixer: Mixer
                @State private var settings = AudioSettings()
                var body: some View {
                    Button("Match") { settings.volume = mixer.volume; mixer.engine.rate = 2 }
                }
            }
            """,
        ]),
        // An instance of unknown type (`$0`) may be the model: no fix for a member of that name.
        .fix(before: """
        final class Tag: ObservableObject {
            @Published var ↓isSelected = false
            @Published var ↓name = ""
        }
        func clear(_ tags: [Tag]) { tags.forEach { $0.isSelected = false } }
        """, after: """
        final class Tag: ObservableObject {
            @Published var ↓isSelected = false
            @Published private(set) var name = ""
        }
        func clear(_ tags: [Tag]) { tags.forEach { $0.isSelected = false } }
        """),
        // The value of an observable box used as a property wrapper is set through each
        // property it wraps; its other state is still reported.
        .triggering("""
        @propertyWrapper
        @Observable
        final class Shared<Value> {
            var wrappedValue: Value
            var ↓changeCount = 0
            init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
        }
        """),
        .nonTriggering("""
        final class CounterModel: ObservableObject {
            @Published private(set) var count = 0
            @Published fileprivate(set) var step = 1
            @Published private var secret = 0
            let id = 1
            static var shared = CounterModel()
            var doubled: Int { count * 2 }
            var plain = 0
        }
        """),
        // A delegate and callbacks are wiring the owner sets; a value it could set is state.
        .triggering("""
        typealias RowAction = (Int) -> Void
        protocol RowDelegate: AnyObject {}
        @Observable
        final class RowModel {
            weak var delegate: RowDelegate?
            var onDelete: (() -> Void)?
            var onTap: RowAction?
            var onLongPress = { }
            var ↓isSelected = false
        }
        """),
        .nonTriggering("""
        @Observable
        final class SearchModel {
            private(set) var query = ""
            @ObservationIgnored var cache: [String: Int] = [:]
            let id = UUID()
            static var instances = 0
            var isEmpty: Bool { query.isEmpty }
            private var token = 0
        }
        """),
        // A member of a `private` or `fileprivate` class (or of a type inside one, or in a
        // `private extension`) is fileprivate at most.
        .nonTriggering("""
        fileprivate final class ReplayHolder: ObservableObject {
            @Published var isFinished = false
        }
        private extension StoryPager {
            @Observable final class LocalStore {
                var page = 0
            }
        }
        private enum Scratch {
            final class Counter: ObservableObject { @Published var count = 0 }
        }
        """),
        .triggering("""
        extension StoryPager {
            @Observable final class SharedStore {
                var ↓page = 0
            }
        }
        """),
        .nonTriggering("""
        struct Settings {
            @Published var theme = "light"
        }
        final class NotAModel {
            @Published var value = 0
        }
        """),
        // A class is judged by its own attribute: `Carbs.StateModel` is an ObservableObject, whose
        // plain `var` is not state, although `History.StateModel` is `@Observable`.
        .nonTriggering("""
        enum Carbs {
            final class StateModel: ObservableObject {
                var storage = ""
                @Published private(set) var amount = 0
            }
        }
        enum History {
            @Observable final class StateModel {
                private(set) var items: [Int] = []
            }
        }
        """),
        .triggering("""
        enum Carbs {
            final class StateModel: ObservableObject {
                var storage = ""
                @Published var ↓amount = 0
            }
        }
        enum History {
            @Observable final class StateModel {
                var ↓items: [Int] = []
            }
        }
        """),
    ] + protocolExamples
}
