/// `state_private_set`: observable state must only be written by its own model.
import MVILintCore

struct StatePrivateSet: Rule {
    static let info = RuleInfo(
        id: "state_private_set",
        title: "Private Setter for Observable State",
        summary: "Observable state of a model should be `private(set)` so that only the model writes it",
        rationale: """
        A model's observable state (`@Published` properties of an ObservableObject, tracked stored \
        properties of an `@Observable` class) is what its views render. When anything can assign it, \
        views and other objects bypass the model's logic and invariants, and state changes can no \
        longer be traced to an intent or a method. Declaring the setter `private(set)` keeps reads \
        public and writes inside the model. A property that a conformed protocol requires to be \
        settable (`var isSelected: Bool { get set }` in a protocol of the project, `window` of \
        `UIApplicationDelegate` and `UIWindowSceneDelegate`) cannot be `private(set)` and is not reported, \
        nor is the `wrappedValue` (or `projectedValue`) of a `@propertyWrapper` class, which every \
        property it wraps sets. Neither is a `weak`/`unowned` reference or a property of function type \
        (`var onDelete: (() -> Void)?`, also through a typealias of the project, or a closure as its \
        initial value): the object that owns the model sets it to wire the model up, as \
        `view_mutates_state` also treats it, and `private(set)` would stop that. A property that a \
        view of the project binds through its model's projected value (`TextField("Search", text: \
        $model.query)`, which the `mvvm` profile accepts) is reported without a fix: `private(set)` \
        would stop the binding from compiling, so the binding has to go through the model first \
        (a `Binding(get:set:)` whose setter calls a method of it). Bindings are matched by the \
        member's name, in any file; a binding made with `Bindable(model).query` counts as a write \
        of `query` on `model`. More generally, the fix is offered only where no code outside \
        the class's own declaration and its extensions in the same file writes the property, so \
        that a fixed project still compiles: `private(set)` lets only that code write it. Code that \
        withholds the fix: a view (`model.orders.append(order)`, `model.count = 0`), another type \
        or a function (also in the class's file), a subclass, an extension in another file \
        (`_tint = value` in `Settings+Appearance.swift`), an `inout` argument (`&model.count`), a \
        write through a key path (`model[keyPath: \\.count] = 0`, `.assign(to: \\.count, on: model)`), \
        in test code too. The instance written is worked out from the code around the write: \
        `self`, stored properties and parameters by their declared types, locals made by a \
        construction (`let model = Model()`) or taken from another name (`guard let model = \
        self.model`), `Type.shared`. A write of a member of that name on an instance whose type \
        is not known there (a closure's parameter, `$0`, a function's result) withholds the fix \
        too, as it may be the model; one on an instance of another type, or through a property \
        that holds an object (`model.engine.rate = 2` writes the engine's `rate`, not the model's \
        `engine`), does not. The finding stays either way: the writes have to move into the model.
        """,
        category: .state,
        defaults: [.mvvm: .warning, .mvi: .warning],
        fix: .sometimes,
        examples: [
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
            // A settable requirement of a conformed protocol must keep its setter.
            .nonTriggering(files: [
                "Selectable.swift": "protocol Selectable: AnyObject { var isSelected: Bool { get set } }",
                "Editable.swift": "protocol Editable: Selectable { var draft: String { get set } }",
                "TagModel.swift": """
                @Observable
                final class TagModel: Editable {
                    var isSelected = false
                    var draft = ""
                }
                """,
                "SceneDelegate.swift": """
                @Observable
                final class SceneDelegate: NSObject, UIWindowSceneDelegate {
                    var window: UIWindow?
                }
                """,
            ]),
            // Near misses: a get-only requirement, a property no protocol requires, a delegate
            // protocol without a `window` requirement.
            .triggering(files: [
                "Titled.swift": "protocol Titled { var title: String { get } }",
                "NoteModel.swift": """
                final class NoteModel: NSObject, ObservableObject, Titled, UNUserNotificationCenterDelegate {
                    @Published var ↓title = ""
                    @Published var ↓window: String?
                }
                """,
                "SceneDelegate.swift": """
                @Observable
                final class SceneDelegate: NSObject, UIWindowSceneDelegate {
                    var window: UIWindow?
                    var ↓lastActivity: String?
                }
                """,
            ]),
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
        ])

    /// Only a file's model classes (and their extensions) are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresModel }

    static let facts: [any ProjectFact.Type] = [OutsideWrites.self]

    func check(_ context: inout RuleContext) {
        let project = context.project
        let outsideWrites = project.fact(OutsideWrites.self)
        var fileprivateTypes: Set<ObjectIdentifier>? = nil
        for type in context.file.tree.allTypes where type.kind == .class && project.isModel(type) {
            if fileprivateTypes == nil { fileprivateTypes = context.file.fileprivateTypes() }
            if fileprivateTypes?.contains(ObjectIdentifier(type)) == true { continue }
            // The class's own attribute; the project's word only for a name no other type has
            // (`Carbs.StateModel` is not `@Observable` because `History.StateModel` is).
            let observableMacro = type.header.hasAttribute("Observable")
                || (project.symbol(type.name)?.isDeclaredMoreThanOnce != true && project.isObservableMacroClass(type.name))
            for v in type.variables where !v.isLet && v.isStored && !v.isStatic {
                let isState = observableMacro ? v.isObservationTracked : v.isPublished
                guard isState, v.header.setterAccess > .fileprivate else { continue }
                if project.protocolRequires(v.name, of: type, settable: true, sdk: StatePrivateSet.sdkSettableRequirements) { continue }
                // A property wrapper's `wrappedValue` is set by every property it wraps.
                if v.name == "wrappedValue" || v.name == "projectedValue", type.header.hasAttribute("propertyWrapper") { continue }
                // A delegate or a callback: set by the owner to wire the model up, not state it shows.
                if isWiring(v, in: context.file, project: project) { continue }
                // A property the project binds (`$model.query`) would stop compiling with
                // `private(set)`: the binding has to move into the model first, so no fix.
                let bound = outsideWrites.boundMembers.contains(v.name)
                // So would one that code outside the class's declaration and its extensions in this
                // file writes: a view, another type, a subclass, an extension in another file.
                let writtenElsewhere = outsideWrites.isWrittenOutside(v.name, of: type.name, declaredIn: context.file.path)
                context.report(at: v.nameToken, .writableState(v.name, model: type.name),
                               fix: bound || writtenElsewhere ? nil : privateSetFix(v, in: context.file))
            }
        }
    }

    /// A `weak`/`unowned` reference, or a property of function type (written, through a project
    /// typealias, or from a closure literal as the initial value).
    private func isWiring(_ v: VariableDecl, in file: SourceFile, project: ProjectIndex) -> Bool {
        PropertySummary.isWeakReference(v) || PropertySummary.isFunctionTyped(v, in: file)
            || v.type.map { project.functionTypeAliases.contains($0.baseName) } == true
    }

    /// Settable requirements of UIKit/AppKit delegate protocols that models commonly adopt.
    static let sdkSettableRequirements: [String: Set<String>] = [
        "UIApplicationDelegate": ["window"],
        "UIWindowSceneDelegate": ["window"],
    ]

    /// Replaces a wider setter modifier (`internal(set)`) with `private(set)`, or inserts
    /// `private(set) ` right before `var` (after any access modifier: `public private(set) var`).
    private func privateSetFix(_ v: VariableDecl, in file: SourceFile) -> Fix? {
        let title = "Make the setter of `\(v.name)` `private(set)`"
        if let setter = v.accessModifiers.first(where: { $0.detail == "set" }) {
            return Fix(title: title, edits: [file.replacement(ofTokens: setter.token, through: file.lastToken(of: setter), with: "private(set)")])
        }
        guard let keyword = file.bindingKeyword(of: v) else { return nil }
        return Fix(title: title, edits: [file.insertion("private(set) ", beforeToken: keyword)])
    }
}

private extension String {
    static func writableState(_ name: String, model: String) -> String {
        "`\(name)` is observable state of `\(model)` but can be set from outside it; declare it `private(set)`"
    }
}
