/// How a call is matched against the rows of `MainQueueCallbacks`, the same in pass 1 and in the check.
import MVILintCore

/// A call of a method that rows of `MainQueueCallbacks` name, as far as the caller knows it.
struct CallbackCall {
    /// The names of the call's chain (`["db", "collection", "document", "setData"]`).
    var names: [String]
    /// The label of the closure argument, when known (the check knows it; pass 1 does not).
    var closureLabel: String?
    /// The argument labels the call writes.
    var labels: [String]
    /// The receiver's class, worked out when a row asks for it.
    var receiverType: () -> String?
    /// Whether the argument of a label names the main queue (`.main`, `DispatchQueue.main`) or
    /// one of the given values (`.immediate`).
    var argumentNamesMain: (_ label: String, _ values: [String]) -> Bool
    /// Whether the file sees one of the modules.
    var sees: ([String]) -> Bool
    /// Whether the file names the word (`handleQueue`).
    var fileMentions: (String) -> Bool
}

/// What a row says of a call.
enum CallbackAnswer {
    /// Not this row's call, or moved elsewhere by an argument.
    case notThis
    case mainQueue
    /// Where the calling code runs.
    case registeringThread
}

extension MainQueueCallback {
    /// What this row says of `call`, a call of one of its methods.
    func answer(for call: CallbackCall) -> CallbackAnswer {
        if !modules.isEmpty, !call.sees(modules) { return .notThis }
        var receiverMatches = anyReceiver && call.names.count >= 2
        if !receiverMatches, !receiverNames.isEmpty { receiverMatches = call.names.dropLast().contains(where: receiverNames.contains) }
        if !receiverMatches, let t = type { receiverMatches = call.receiverType() == t }
        guard receiverMatches else { return .notThis }
        if !closureLabels.isEmpty {
            // Pass 1 does not know which closure argument it is: one of the labels must be written.
            if let label = call.closureLabel { guard closureLabels.contains(label) else { return .notThis } }
            else if !call.labels.contains(where: closureLabels.contains) { return .notThis }
        }
        if let r = requiredArgument, !call.labels.contains(r) { return .notThis }
        if let w = unlessFileMentions, call.fileMentions(w) { return .notThis }
        // A queue written for the callback decides: the main one (or a value that means it) keeps
        // it there, another moves it.
        if let u = unlessArgument, call.labels.contains(u) { return call.argumentNamesMain(u, mainArguments) ? .mainQueue : .notThis }
        return runs == .mainQueue ? .mainQueue : .registeringThread
    }
}

extension Knowledge {
    /// What the rows of `call`'s method say of it: the first that answers.
    func answer(method: String, for call: CallbackCall) -> CallbackAnswer {
        for row in callbacks(named: method) {
            let a = row.answer(for: call)
            if case .notThis = a { continue }
            return a
        }
        return .notThis
    }

    /// The receiver class of the rows whose shared instance the expression at `i` takes
    /// (`Firestore.firestore()`, `GIDSignIn.sharedInstance`), or nil.
    func sharedInstanceType(at i: Int, in file: SourceFile) -> String? {
        guard file.kind(i) == .identifier, file.kind(i + 1) == .period, file.kind(i + 2) == .identifier,
              file.isName(i, in: sharedInstanceTypeWords) else { return nil }
        let type = file.name(i)
        guard let accessor = sharedInstanceRow(of: type)?.sharedInstance else { return nil }
        let name = accessor.hasSuffix("()") ? String(accessor.dropLast(2)) : accessor
        return file.name(i + 2) == name ? type : nil
    }

    /// The class of a callback row that an initial value or a local's value makes: a shared
    /// instance (`sharedInstanceType(at:in:)`), or a construction (`MKLocalSearch(request: r)`).
    func callbackReceiverMade(at start: Int, end: Int, file: SourceFile) -> String? {
        if let shared = sharedInstanceType(at: start, in: file) { return shared }
        guard let made = file.constructedType(at: start, end: end, annotated: nil)?.name else { return nil }
        return callbackReceiverTypes.contains(made) ? made : nil
    }
}

extension SourceFile {
    /// Whether the argument labelled `label` of the call whose `(` is `open` names the main queue
    /// (`.main`, `DispatchQueue.main`: the word `main` after a period) or one of `values` (`.immediate`).
    func argument(_ label: String, ofCallAt open: Int, namesMainOr values: [String]) -> Bool {
        guard kind(open) == .leftParen, let close = partner(open), close > open else { return false }
        var k = open + 1
        while k < close {
            let end = argumentEnd(from: k, close: close)
            if kind(k) == .identifier || kind(k) == .keyword, kind(k + 1) == .colon, name(k) == label {
                return (k + 2..<end).contains { j in
                    kind(j - 1) == .period && (isWord(j, "main") || (kind(j) == .identifier && values.contains(name(j))))
                }
            }
            k = end + 1
        }
        return false
    }

    /// End of the call argument that starts at `start`: the next `,` at its depth, or `close`.
    func argumentEnd(from start: Int, close: Int) -> Int {
        var i = start
        while i < close {
            switch kind(i) {
            case .leftParen, .leftBracket, .leftBrace: i = min(close, (partner(i) ?? i) + 1)
            case .comma: return i
            default: i += 1
            }
        }
        return close
    }
}

extension MainHopSummary {
    /// Whether the call whose method is named at `i` (after a `.`), in the body of `function` (a
    /// method of `type`, or a global function), is one of `knowledge`'s callbacks that run on the
    /// main queue: a project function that hands its closure to one runs it there. The receiver's
    /// class is the chain's first name when it is one, or what a stored property of the type, a
    /// parameter or an earlier local of that name holds.
    static func callsBackOnMain(at i: Int, in function: FunctionDecl, type: TypeDecl?, file: SourceFile, knowledge: Knowledge) -> Bool {
        let names = file.chain(endingAt: i).components.map(\.name)
        let imports = file.tree.imports
        let hasArguments = file.kind(i + 1) == .leftParen
        let call = CallbackCall(
            names: names, closureLabel: nil, labels: hasArguments ? file.argumentLabels(ofCallAt: i + 1) : [],
            receiverType: { receiverClass(of: names.first { $0 != "self" }, before: i, in: function, type: type, file: file, knowledge: knowledge) },
            argumentNamesMain: { label, values in hasArguments && file.argument(label, ofCallAt: i + 1, namesMainOr: values) },
            sees: { modules in modules.contains(where: imports.contains) }, fileMentions: { file.containsIdentifier(named: $0) })
        if case .mainQueue = knowledge.answer(method: file.name(i), for: call) { return true }
        return false
    }

    /// The class that `root` names or holds, as `callsBackOnMain` takes it.
    static func receiverClass(of root: String?, before i: Int, in function: FunctionDecl, type: TypeDecl?, file: SourceFile, knowledge: Knowledge) -> String? {
        guard let root else { return nil }
        if knowledge.callbackReceiverTypes.contains(root) { return root }
        if let body = function.bodyTokens {
            // The latest local of that name before the call.
            var j = i - 1
            while j >= body.lowerBound {
                if (file.isWord(j, "let") || file.isWord(j, "var")) && file.kind(j + 1) == .identifier && file.name(j + 1) == root {
                    return file.kind(j + 2) == .equal ? knowledge.callbackReceiverMade(at: j + 3, end: i, file: file) : nil
                }
                j -= 1
            }
        }
        if let p = file.parameters(of: function).first(where: { $0.name == root }) { return p.type?.baseName }
        guard let v = type?.variables.first(where: { $0.name == root && !$0.isStatic }) else { return nil }
        return v.type?.baseName ?? v.initializer.flatMap { knowledge.callbackReceiverMade(at: $0.lowerBound, end: $0.upperBound, file: file) }
    }
}
