/// A framework or library call whose closure runs on the main queue: one row of `MainQueueCallbacks`.

/// Calls of a framework or library whose closures the library runs on the main queue (or, with
/// `runs: .registeringThread`, on the run loop of the thread that registered them), so that a
/// model's write inside one is not a write off the main actor.
///
/// A call matches a row when its method is one of `methods`, the file imports one of `modules`
/// (or a file of the project re-exports one; no module: the SDK's own classes, always), and its
/// receiver is the row's: an instance of `type` (the type's name, a property, parameter or local
/// holding one: declared with the type, constructed, or the shared instance), any receiver
/// (`anyReceiver`: the methods' names are the library's own), or a chain that names one of
/// `receiverNames`. A written `unlessArgument` (`queue:`, `on:`, `scheduling:`) moves the
/// callback elsewhere, unless its value is one of `mainArguments`.
public struct MainQueueCallback: Sendable {
    /// Where the library runs the closure.
    public enum Runs: Sendable, Equatable {
        /// On the main queue (main thread).
        case mainQueue
        /// On the run loop of the thread that made the call: where the calling code runs.
        case registeringThread
    }
    /// What the call hands its values to.
    public enum Delivery: Sendable, Equatable {
        /// A closure argument of the call.
        case closure
        /// The subscribers of the Combine publisher that the call returns.
        case publisher
    }

    /// The library or framework, as the docs name it; rows of one library share their shared
    /// instances' constants (`LibraryConstants`).
    public var library: String
    /// The receiver's class, when the methods are its own.
    public var type: String?
    /// Modules one of which a file must see for the names to mean the library; empty for the
    /// SDK's own classes, which are matched by their names alone.
    public var modules: [String]
    public var methods: [String]
    /// Whether the methods' names are the library's own, so that a call on any receiver counts.
    public var anyReceiver = false
    /// Names one of which the receiver's chain holds (`collection` in `db.collection("a").setData`).
    public var receiverNames: [String] = []
    /// How code reaches the library's shared instance, after the type's name: `firestore()` for
    /// `Firestore.firestore()`, `sharedInstance` for `GIDSignIn.sharedInstance`.
    public var sharedInstance: String?
    /// The argument label that names another queue for the callback (`queue`, `on`, `scheduling`).
    public var unlessArgument: String?
    /// Values of `unlessArgument` that keep the callback on the main queue (`.immediate`).
    public var mainArguments: [String] = []
    /// An argument label the call must write to be this API (`in` of GRDB's `start(in:)`).
    public var requiredArgument: String?
    /// Only the closures passed with these labels run there (GRDB's `onChange:` and `onError:`).
    public var closureLabels: [String] = []
    /// A configuration name that, written anywhere in the file, may move the callbacks elsewhere
    /// (Socket.IO's `handleQueue`).
    public var unlessFileMentions: String?
    public var runs = Runs.mainQueue
    public var delivery = Delivery.closure
    /// A short note for the docs (what the library documents).
    public var note = ""
    /// A triggering example and a near miss, run against `main_actor_mutation`, made when asked
    /// (only the tests and the docs ask).
    public var examples: [RuleExample] { makeExamples() }
    private var makeExamples: @Sendable () -> [RuleExample]
    /// Added by the project's configuration (`main_queue_callbacks`).
    public var isConfigured = false

    public init(library: String, type: String? = nil, modules: [String] = [], methods: [String], anyReceiver: Bool = false,
                receiverNames: [String] = [], sharedInstance: String? = nil, unlessArgument: String? = nil, mainArguments: [String] = [],
                requiredArgument: String? = nil, closureLabels: [String] = [], unlessFileMentions: String? = nil,
                runs: Runs = .mainQueue, delivery: Delivery = .closure, note: String = "", examples: @autoclosure @escaping @Sendable () -> [RuleExample] = []) {
        self.library = library; self.type = type; self.modules = modules; self.methods = methods; self.anyReceiver = anyReceiver
        self.receiverNames = receiverNames; self.sharedInstance = sharedInstance; self.unlessArgument = unlessArgument
        self.mainArguments = mainArguments; self.requiredArgument = requiredArgument; self.closureLabels = closureLabels
        self.unlessFileMentions = unlessFileMentions; self.runs = runs; self.delivery = delivery; self.note = note; self.makeExamples = examples
    }

    /// A row of the project's configuration: `{ type: "AcmePayClient", methods: ["charge"],
    /// module: "AcmePay", unless_argument: "queue" }`. Without a type, the methods count on any
    /// receiver in a file that sees the module.
    public static func configured(type: String?, methods: [String], module: String?, unlessArgument: String?) -> MainQueueCallback {
        var row = MainQueueCallback(library: module ?? type ?? "", type: type, modules: module.map { [$0] } ?? [], methods: methods,
                                    anyReceiver: type == nil, unlessArgument: unlessArgument, note: "from `.mvilint.json`")
        row.isConfigured = true
        return row
    }

    /// The row as the docs list it.
    var documentation: KnowledgeRow {
        var receiver = type.map { "`\($0)`" } ?? (anyReceiver ? "any" : "")
        if !receiverNames.isEmpty { receiver += (receiver.isEmpty ? "" : "; ") + "a chain through " + KnowledgeTables.cell(receiverNames) }
        var where_ = runs == .mainQueue ? "main queue" : "the calling thread's run loop"
        if delivery == .publisher { where_ += " (its publisher)" }
        var unless = unlessArgument.map { "`\($0):`" } ?? unlessFileMentions.map { "`\($0)` set in the file" } ?? ""
        if !mainArguments.isEmpty { unless += " (not " + KnowledgeTables.cell(mainArguments.map { "." + $0 }) + ")" }
        return KnowledgeRow(cells: [library, modules.isEmpty ? "(SDK)" : KnowledgeTables.cell(modules), receiver, KnowledgeTables.cell(methods),
                                    unless, where_ + (note.isEmpty ? "" : "; " + note)],
                            examples: makeExamples())
    }
}
