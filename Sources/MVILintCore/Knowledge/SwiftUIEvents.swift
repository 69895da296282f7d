/// SwiftUI's event handlers and its built-in views, with their examples.

/// Modifiers and gesture callbacks whose closure SwiftUI calls when something happens, not while
/// it renders. `runsOnMain`: SwiftUI calls the closure on the main thread, before it goes on
/// (not so for an `async` closure, nor `onReceive`'s, which runs where its publisher delivers).
public struct SwiftUIEvent: Sendable {
    public var group: String
    public var names: [String]
    public var runsOnMain: Bool
    /// A triggering example and a near miss, made when asked (only the tests and the docs ask).
    public var examples: [RuleExample] { makeExamples() }
    private let makeExamples: @Sendable () -> [RuleExample]

    public init(group: String, names: [String], runsOnMain: Bool, examples: @autoclosure @escaping @Sendable () -> [RuleExample]) {
        self.group = group; self.names = names; self.runsOnMain = runsOnMain; self.makeExamples = examples
    }

    var documentation: KnowledgeRow {
        KnowledgeRow(cells: [group, KnowledgeTables.cell(names), runsOnMain ? "main thread" : "not known"], examples: makeExamples())
    }
}

/// What `main_actor_mutation` (a handler of a view that a presenter builds runs on the main
/// thread), `unobserved_model` (state read in an event handler is not rendered) and the view
/// graph (these calls are never a project's own modifiers) know of SwiftUI's event handlers.
public enum SwiftUIEvents {
    public static let rows: [SwiftUIEvent] = [lifecycle, gestures, input, lists, system, commands, asynchronous, publishers]

    /// Every handler's name.
    public static let names: Set<String> = Set(rows.flatMap(\.names))
    /// The handlers whose closure SwiftUI calls on the main thread.
    public static let mainThreadNames: Set<String> = Set(rows.filter(\.runsOnMain).flatMap(\.names))

    /// A presenter's method that builds a view with `modifier` and writes state in its closure.
    static func presenter(_ modifier: String) -> String {
        ExampleCode.model(members: "var screen: some View { makeScreen() }", "_ = " + modifier)
    }

    public static let lifecycle = SwiftUIEvent(
        group: "appearance", names: ["onAppear", "onDisappear"], runsOnMain: true,
        examples: [
            .nearMiss(presenter("Text(\"Detail\").onDisappear { self.done = true }")),
            .triggering(presenter("Text(\"Detail\").onDisappear {\n    DispatchQueue.global().async { ↓self.done = true }\n}")),
        ])
    public static let gestures = SwiftUIEvent(
        group: "gestures", names: ["onTapGesture", "onLongPressGesture", "onEnded", "onChanged"], runsOnMain: true,
        examples: [
            .nearMiss(presenter("Text(\"Skip\").onTapGesture { self.count += 1 }")),
            .triggering(presenter("Text(\"Skip\").onTapGesture {\n    Task.detached { ↓self.count += 1 }\n}")),
        ])
    public static let input = SwiftUIEvent(
        group: "input", names: ["onChange", "onSubmit", "onHover", "onCommit"], runsOnMain: true,
        examples: [
            .nearMiss(presenter("TextField(\"Name\", text: $name).onSubmit { self.done = true }")),
            .triggering(presenter("TextField(\"Name\", text: $name).onSubmit {\n    queue.async { ↓self.done = true }\n}")),
        ])
    public static let lists = SwiftUIEvent(
        group: "lists", names: ["onDelete", "onMove"], runsOnMain: true,
        examples: [
            .nearMiss(presenter("ForEach(items) { Text($0.title) }.onDelete { _ in self.count -= 1 }")),
            .triggering(presenter("ForEach(items) { Text($0.title) }.onDelete { _ in\n    Task.detached { ↓self.count -= 1 }\n}")),
        ])
    public static let system = SwiftUIEvent(
        group: "system events", names: ["onDrop", "onOpenURL", "onContinueUserActivity", "onKeyPress"], runsOnMain: true,
        examples: [
            .nearMiss(presenter("Color.clear.onOpenURL { _ in self.done = true }")),
            .triggering(presenter("Color.clear.onOpenURL { _ in\n    DispatchQueue.global().async { ↓self.done = true }\n}")),
        ])
    public static let commands = SwiftUIEvent(
        group: "commands (macOS)", names: ["onCommand", "onExitCommand", "onDeleteCommand", "onMoveCommand", "onPlayPauseCommand"], runsOnMain: true,
        examples: [
            .nearMiss(presenter("List { }.onDeleteCommand { self.count -= 1 }")),
            .triggering(presenter("List { }.onDeleteCommand {\n    Task.detached { ↓self.count -= 1 }\n}")),
        ])
    public static let asynchronous = SwiftUIEvent(
        group: "asynchronous work", names: ["task", "refreshable"], runsOnMain: false,
        examples: [
            .nearMiss(presenter("List { }.refreshable { await MainActor.run { self.count += 1 } }")),
            .triggering(presenter("List { }.refreshable { ↓self.count += 1 }")),
        ])
    public static let publishers = SwiftUIEvent(
        group: "publishers", names: ["onReceive"], runsOnMain: false,
        examples: [
            .nearMiss(presenter("Text(\"Now\").onReceive(ticks) { _ in\n    DispatchQueue.main.async { self.count += 1 }\n}")),
            .triggering(presenter("Text(\"Now\").onReceive(ticks) { _ in ↓self.count += 1 }")),
        ])

    /// The table as the docs show it.
    public static var table: KnowledgeTable {
        KnowledgeTable(
            id: "swiftui_events", title: "SwiftUI event handlers",
            summary: """
            SwiftUI calls these modifiers' closures when something happens, not while it renders; those marked "main \
            thread" it calls on the main thread, also on a view that a presenter or coordinator builds \
            (`DetailView(item).onDisappear { … }`, a button's action too).
            """,
            columns: ["group", "modifiers", "closure runs on"], rows: rows.map(\.documentation), exampleRule: "main_actor_mutation")
    }
}

/// SwiftUI's built-in views and gestures, by name.
public struct SwiftUIViewGroup: Sendable {
    public var group: String
    public var names: [String]
    /// A triggering example and a near miss, made when asked (only the tests and the docs ask).
    public var examples: [RuleExample] { makeExamples() }
    private let makeExamples: @Sendable () -> [RuleExample]

    public init(group: String, names: [String], examples: @autoclosure @escaping @Sendable () -> [RuleExample]) {
        self.group = group; self.names = names; self.makeExamples = examples
    }

    var documentation: KnowledgeRow { KnowledgeRow(cells: [group, KnowledgeTables.cell(names)], examples: makeExamples()) }
}

/// What `main_actor_mutation` (an event handler of one of these runs on the main thread) and the
/// view graph (they are never a project's views) know of SwiftUI's built-in views.
public enum SwiftUIViews {
    public static let rows: [SwiftUIViewGroup] = [text, controls, containers, navigation, shapes, gestures]

    /// Every view's name.
    public static let names: Set<String> = Set(rows.flatMap(\.names))

    static func presenter(_ modifier: String) -> String { SwiftUIEvents.presenter(modifier) }

    public static let text = SwiftUIViewGroup(
        group: "text and images", names: ["Text", "Image", "Label", "AsyncImage", "LabeledContent", "ContentUnavailableView", "EmptyView", "AnyView"],
        examples: [
            .nearMiss(presenter("Label(\"Inbox\", systemImage: \"tray\").onAppear { self.done = true }")),
            .triggering(presenter("Banner(\"Inbox\").onAppear { ↓self.done = true }")),
        ])
    public static let controls = SwiftUIViewGroup(
        group: "controls",
        names: ["Button", "TextField", "SecureField", "TextEditor", "Toggle", "Picker", "Stepper", "Slider", "DatePicker", "Menu", "Link",
                "ShareLink", "ProgressView"],
        examples: [
            .nearMiss(presenter("Toggle(\"On\", isOn: $on).onChange(of: on) { _ in self.count += 1 }")),
            .triggering(presenter("Switch(\"On\", isOn: $on).onChange(of: on) { _ in ↓self.count += 1 }")),
        ])
    public static let containers = SwiftUIViewGroup(
        group: "containers",
        names: ["VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "List", "ForEach", "ScrollView", "Form",
                "Group", "Section", "GeometryReader", "TabView", "Spacer", "Divider"],
        examples: [
            .nearMiss(presenter("VStack { }.onDisappear { self.done = true }")),
            .triggering(presenter("Stack { }.onDisappear { ↓self.done = true }")),
        ])
    public static let navigation = SwiftUIViewGroup(
        group: "navigation and scenes",
        names: ["NavigationStack", "NavigationView", "NavigationSplitView", "NavigationLink", "ToolbarItem", "ToolbarItemGroup", "WindowGroup"],
        examples: [
            .nearMiss(presenter("NavigationStack { }.onAppear { self.done = true }")),
            .triggering(presenter("Router { }.onAppear { ↓self.done = true }")),
        ])
    public static let shapes = SwiftUIViewGroup(
        group: "colors and shapes", names: ["Color", "Rectangle", "RoundedRectangle", "Circle", "Capsule"],
        examples: [
            .nearMiss(presenter("Circle().onTapGesture { self.count += 1 }")),
            .triggering(presenter("Dot().onTapGesture { ↓self.count += 1 }")),
        ])
    public static let gestures = SwiftUIViewGroup(
        group: "gestures", names: ["TapGesture", "LongPressGesture", "DragGesture", "MagnificationGesture"],
        examples: [
            .nearMiss(presenter("DragGesture().onEnded { _ in self.count += 1 }")),
            .triggering(presenter("SwipeRecognizer().onEnded { _ in ↓self.count += 1 }")),
        ])

    /// The table as the docs show it.
    public static var table: KnowledgeTable {
        KnowledgeTable(
            id: "swiftui_views", title: "SwiftUI views",
            summary: """
            SwiftUI's built-in views and gestures: an event handler of one (or of a view of the project) runs on the main \
            thread, wherever the code that builds it runs. They are never a project's own views.
            """,
            columns: ["group", "views"], rows: rows.map(\.documentation), exampleRule: "main_actor_mutation")
    }
}
