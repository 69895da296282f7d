/// `side_effect_in_body`: evaluating `body` renders; it does not start work.
import MVILintCore

struct SideEffectInBody: Rule {
    static let info = RuleInfo(
        id: "side_effect_in_body",
        title: "Side Effect in Body",
        summary: "Work must not be started while `body` is evaluated: no `Task`, `DispatchQueue` call, intent or loading method outside closures",
        rationale: """
        SwiftUI evaluates `body` whenever it likes: on every state change, for previews, during \
        animations, possibly many times per frame. A `let _ = viewModel.loadOrders()` or a `Task { }` \
        written directly in `body` starts the work again on each evaluation, floods the network, and \
        can loop forever when the work changes state that `body` reads. Start work from `.task { }`, \
        `.onAppear { }` or an action closure instead. Only code that runs while `body` is evaluated is \
        looked at: everything inside a closure (modifiers, actions, container content such as \
        `ForEach { }`) is skipped, as are computed helpers that `body` calls. The `body` of an App \
        or Scene is checked the same way.
        """,
        category: .lifecycle,
        defaults: [.mvvm: .warning, .mvi: .warning],
        options: [
            RuleOption("method_prefixes", default: .strings(SideEffectInBody.defaultPrefixes),
                       "Model method names starting with one of these (at a word boundary) count as starting work"),
        ],
        examples: SideEffectInBody.examplesList)

    static let defaultPrefixes = ["load", "fetch", "refresh", "reload", "request", "save", "delete", "update", "start", "submit"]

    /// Only a file's view types are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresViewLike }

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        let prefixes = context.strings("method_prefixes", in: Self.info)
        for type in project.viewTypes(in: file) {
            guard let body = file.renderBody(of: type) else { continue }
            let models = project.modelProperties(of: type, in: file)
            let locals = file.localNames(in: body)
            for i in body where !file.isInsideClosure(i, within: body) {
                if file.isTaskCreation(at: i) {
                    context.report(at: i, .task(type.indexName))
                } else if file.isWord(i, "DispatchQueue"), file.kind(i - 1) != .period, callsQueue(from: i, file: file) {
                    context.report(at: i, .queue(type.indexName))
                } else if file.kind(i) == .identifier, file.kind(i + 1) == .leftParen, !file.tokens[i + 1].hasSpaceBefore,
                          !isCompoundName(at: i + 1, file: file), let receiver = file.directReceiver(ofMember: i), let model = models[receiver.root],
                          receiver.viaSelf || !locals.contains(receiver.root) {
                    let method = file.name(i)
                    let isIntent = method == "send" || method == "dispatch"
                    guard isIntent || prefixes.contains(where: { startsWord(method, $0) }) else { continue }
                    context.report(at: receiver.start, .modelCall(receiver.root + "." + method, model: model, view: type.indexName))
                }
            }
        }
    }

    /// `DispatchQueue.main.async { … }`, `DispatchQueue.global().asyncAfter(deadline:execute:)`: a
    /// chain from `DispatchQueue` that calls a scheduling method (not `let q = DispatchQueue.main`).
    private func callsQueue(from i: Int, file: SourceFile) -> Bool {
        var j = i + 1
        var steps = 0
        while file.kind(j) == .period, file.kind(j + 1) == .identifier, steps < 16 {
            let method = file.name(j + 1)
            j += 2
            steps += 1
            let isCall = (file.kind(j) == .leftParen && !file.tokens[j].hasSpaceBefore) || file.kind(j) == .leftBrace
            if isCall && SideEffectInBody.queueMethods.contains(method) { return true }
            if file.kind(j) == .leftParen, !file.tokens[j].hasSpaceBefore, let close = file.partner(j) { j = close + 1 }
        }
        return false
    }

    /// `OperationQueue`'s methods are in the list too, but a chain from `DispatchQueue` never reaches them.
    static let queueMethods = queueSchedulingMethodNames

    /// `store.dispatch(action:)`, `load(_:limit:)`: the parentheses at `open` hold only argument
    /// labels, each followed by `:`, so they name a function without calling it.
    private func isCompoundName(at open: Int, file: SourceFile) -> Bool {
        guard let close = file.partner(open), close > open + 1 else { return false }
        var j = open + 1
        while j < close {
            guard file.kind(j) == .identifier || file.kind(j) == .keyword, file.kind(j + 1) == .colon else { return false }
            j += 2
        }
        return j == close
    }

    /// `load` starts `loadOrders` and `load`, not `loader` or `loading`.
    private func startsWord(_ name: String, _ prefix: String) -> Bool {
        guard !prefix.isEmpty, name.hasPrefix(prefix) else { return false }
        guard let next = name.dropFirst(prefix.count).first else { return true }
        return next.isUppercase || next == "_" || next.isNumber
    }
}

private extension String {
    static func task(_ view: String) -> String {
        "`Task` is created while `\(view).body` is evaluated, so it starts again on every render; start it from `.task { }` or an action"
    }
    static func queue(_ view: String) -> String {
        "`DispatchQueue` work is scheduled while `\(view).body` is evaluated, so it runs again on every render; move it into `.task { }`, `.onAppear { }` or an action"
    }
    static func modelCall(_ call: String, model: String, view: String) -> String {
        "`\(call)()` on the model `\(model)` runs while `\(view).body` is evaluated, so it repeats on every render; call it from `.task { }`, `.onAppear { }` or an action"
    }
}
