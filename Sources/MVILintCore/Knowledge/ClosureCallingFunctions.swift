/// Functions that run the closure they are given before they return, with their examples.

/// Functions and methods of the standard library, Foundation, SwiftUI, UIKit, AppKit and
/// database libraries that run their closure before they return, on the caller's thread: the
/// closure is the caller's own code, so a write inside one is judged where the call is.
public struct ClosureCallingFunction: Sendable {
    public var group: String
    public var names: [String]
    public var note = ""
    /// A triggering example and a near miss, made when asked (only the tests and the docs ask).
    public var examples: [RuleExample] { makeExamples() }
    private let makeExamples: @Sendable () -> [RuleExample]

    public init(group: String, names: [String], note: String = "", examples: @autoclosure @escaping @Sendable () -> [RuleExample]) {
        self.group = group; self.names = names; self.note = note; self.makeExamples = examples
    }

    var documentation: KnowledgeRow {
        KnowledgeRow(cells: [group, KnowledgeTables.cell(names), note], examples: makeExamples())
    }
}

public enum ClosureCallingFunctions {
    public static let rows: [ClosureCallingFunction] = [
        collections, swiftUI, bindings, concurrency, scopedAccess, memory, uiUpdates, coreData, databases, initializers,
    ]

    /// Every name of the rows.
    public static let names: Set<String> = Set(rows.flatMap(\.names))

    static func model(_ body: String) -> String { ExampleCode.model([], body) }

    public static let collections = ClosureCallingFunction(
        group: "collections",
        names: ["forEach", "map", "compactMap", "flatMap", "filter", "reduce", "sorted", "sort", "contains", "first", "last", "firstIndex",
                "lastIndex", "allSatisfy", "min", "max", "drop", "prefix", "removeAll", "partition", "count", "lazy", "enumerated", "zip",
                "split", "mapValues", "compactMapValues", "updateValue", "merge"],
        examples: [
            .nearMiss(model("items.forEach { _ in self.count += 1 }")),
            .triggering(model("DispatchQueue.global().async {\n    items.forEach { _ in ↓self.count += 1 }\n}")),
        ])
    /// Also what `loading_state_reset` takes for code that runs where it stands.
    public static let swiftUI = ClosureCallingFunction(
        group: "SwiftUI transactions", names: ["withAnimation", "withTransaction"],
        examples: [
            .nearMiss(model("withAnimation { self.done = true }")),
            .triggering(model("Task.detached {\n    withAnimation { ↓self.done = true }\n}")),
        ])
    public static let bindings = ClosureCallingFunction(
        group: "SwiftUI bindings", names: ["Binding"],
        note: "not during the call: SwiftUI runs a binding's closures where it reads and writes it, so they count as the code around",
        examples: [
            .nearMiss(model("_ = Binding(get: { self.count }, set: { self.count = $0 })")),
            .triggering(model("DispatchQueue.global().async {\n    _ = Binding(get: { self.count }, set: { ↓self.count = $0 })\n}")),
        ])
    public static let concurrency = ClosureCallingFunction(
        group: "continuations and task groups",
        names: ["withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation", "withUnsafeThrowingContinuation",
                "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup", "withTaskCancellationHandler"],
        note: "not the child tasks of a group (`addTask`)",
        examples: [
            .nearMiss(model("_ = withCheckedContinuation { continuation in\n    self.done = true\n    continuation.resume()\n}")),
            .triggering(model("_ = withTaskGroup(of: Void.self) { group in\n    group.addTask { ↓self.done = true }\n}")).expecting(message:
                "`done` is observable state of `FeedModel` and is mutated off the main actor (inside a child task); isolate `FeedModel` with `@MainActor` or hop to the main actor first"),
        ])
    public static let scopedAccess = ClosureCallingFunction(
        group: "scoped access", names: ["autoreleasepool", "withExtendedLifetime", "withLock", "with", "withoutActuallyEscaping"],
        examples: [
            .nearMiss(model("lock.withLock { self.count += 1 }")),
            .triggering(model("lock.whenUnlocked { ↓self.count += 1 }")),
        ])
    public static let memory = ClosureCallingFunction(
        group: "memory", names: ["withUnsafeBufferPointer", "withUnsafeMutableBufferPointer", "withUnsafeBytes", "withUnsafeMutableBytes",
                                 "withUnsafePointer", "withUnsafeMutablePointer", "withContiguousStorageIfAvailable",
                                 "withContiguousMutableStorageIfAvailable", "withCString", "withUTF8", "withMemoryRebound"],
        examples: [
            .nearMiss(model("data.withUnsafeBytes { bytes in self.count = bytes.count }")),
            .triggering(model("OperationQueue().addOperation {\n    data.withUnsafeBytes { bytes in ↓self.count = bytes.count }\n}")),
        ])
    public static let uiUpdates = ClosureCallingFunction(
        group: "UIKit and AppKit updates", names: ["runAnimationGroup", "performWithoutAnimation", "animate", "animateKeyframes", "transition", "performBatchUpdates"],
        note: "the animation and update blocks; their completion handlers run on the main thread",
        examples: [
            .nearMiss(model("UIView.performWithoutAnimation { self.done = true }")),
            .triggering(model("DispatchQueue.global().async {\n    UIView.performWithoutAnimation { ↓self.done = true }\n}")),
        ])
    public static let coreData = ClosureCallingFunction(
        group: "Core Data", names: ["performAndWait"], note: "returns after its block has run",
        examples: [
            .nearMiss(model("context.performAndWait { self.count += 1 }")),
            .triggering(model("context.perform { ↓self.count += 1 }")),
        ])
    public static let databases = ClosureCallingFunction(
        group: "database transactions", names: ["write", "read", "inDatabase", "inTransaction", "inSavepoint", "writeWithoutTransaction", "unsafeRead"],
        note: "GRDB, Realm, FMDB",
        examples: [
            .nearMiss(model("try? dbQueue.write { db in self.count += 1 }")),
            .triggering(model("dbQueue.asyncWrite({ db in ↓self.count += 1 }, completion: { _, _ in })")),
        ])
    public static let initializers = ClosureCallingFunction(
        group: "initializers and comparisons",
        names: ["Result", "Dictionary", "Array", "ContiguousArray", "String", "elementsEqual", "starts", "lexicographicallyPrecedes"],
        examples: [
            .nearMiss(model("let r = Result { try load() }\nself.done = (try? r.get()) != nil\n_ = Result { self.count += 1 }")),
            .triggering(model("DispatchQueue.global().async {\n    _ = Result { ↓self.count += 1 }\n}")),
        ])

    /// The table as the docs show it.
    public static var table: KnowledgeTable {
        KnowledgeTable(
            id: "closure_calling_functions", title: "Functions that run their closure before they return",
            summary: """
            These run the closure they are given before they return, on the caller's thread: a write inside one is judged \
            where the call is made (on the main actor in a `@MainActor` method or a main-queue callback, off it in a \
            background queue's closure). The project's own functions are judged by their code.
            """,
            columns: ["group", "names", "note"], rows: rows.map(\.documentation), exampleRule: "main_actor_mutation")
    }
}
