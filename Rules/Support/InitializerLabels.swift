/// A project fact that `private_view_state` and `owned_model_state_object` share: the argument labels the project passes to each type's initializers.
import MVILintCore

/// The argument labels that the project's code passes to each type's initializers
/// (`OrdersView(viewModel: model)` → `OrdersView`, `viewModel`), the type named as written and
/// through typealiases. A struct without an initializer of its own has a memberwise
/// one that takes its stored properties by name: once a property is `private`, the memberwise
/// initializer no longer takes it (or becomes private), and a call that passes it stops compiling.
struct InitializerLabels: ProjectFact {
    var labels: Set<Call> = []

    /// A type name and an argument label, each as written (short names need no allocation).
    struct Call: Hashable, Sendable {
        var type: String
        var label: String
    }

    static func collect(from file: SourceFile, isTestCode: Bool) -> [Call]? {
        let found = labels(in: file)
        return found.isEmpty ? nil : found
    }

    static func intern(_ fact: inout [Call], with interner: StringInterner) {
        for i in fact.indices {
            fact[i].type = interner.intern(fact[i].type)
            fact[i].label = interner.intern(fact[i].label)
        }
    }

    static func merge(_ files: [FactContribution<[Call]>], in project: ProjectIndex) -> InitializerLabels {
        var out = InitializerLabels()
        var resolved: [String: String] = [:]
        for f in files {
            for call in f.fact where !out.labels.contains(call) {
                if mayBeAsked(call, in: project) { out.labels.insert(call) }
                // `typealias Screen = OrdersView` then `Screen(viewModel:)`.
                let type = resolved[call.type] ?? project.resolve(call.type)
                resolved[call.type] = type
                if type != call.type {
                    let through = Call(type: type, label: call.label)
                    if mayBeAsked(through, in: project) { out.labels.insert(through) }
                }
            }
        }
        return out
    }

    /// Whether `passes(_:to:)` may be asked about the call: the rules ask only about wrapped
    /// stored properties (`@State`, `@StateObject`, `@ObservedObject`) of the project's types, so
    /// the labels of other calls (`Text(item.title, style: …)`, a model's `Item(id: …)`) are not
    /// kept.
    static func mayBeAsked(_ call: Call, in project: ProjectIndex) -> Bool {
        guard let symbol = project.symbol(exactly: call.type) else { return false }
        return symbol.storedProperties.contains { $0.name == call.label && $0.wrapper != nil }
    }

    /// Whether some code passes the argument `label` to an initializer of `type`.
    func passes(_ label: String, to type: String) -> Bool { labels.contains(Call(type: type, label: label)) }

    /// `Name(label: …)`, `Name<T>(label: …)` and `Name.init(label: …)` calls of a capitalised name:
    /// the labels of their arguments, each pair once, in the order of the file (the same text
    /// gives the same contribution).
    static func labels(in file: SourceFile) -> [Call] {
        var seen = Set<Call>()
        var out: [Call] = []
        let count = file.tokens.count
        var i = 0
        while i < count {
            defer { i += 1 }
            guard file.kind(i) == .identifier, file.beginsWithCapital(i), file.kind(i - 1) != .period || file.beginsWithCapital(i - 2) else { continue }
            var open = i + 1
            if file.isText(open, "<"), !file.tokens[open].hasSpaceBefore {
                // Generic arguments (bounded).
                var depth = 0, j = open
                while j < min(count, open + 32) {
                    if file.isText(j, "<") { depth += 1 } else if file.isText(j, ">") { depth -= 1; if depth == 0 { break } }
                    j += 1
                }
                guard depth == 0 else { continue }
                open = j + 1
            }
            if file.kind(open) == .period, file.isWord(open + 1, "init") { open += 2 }
            guard file.kind(open) == .leftParen, !file.tokens[open].hasSpaceBefore, let close = file.partner(open), close > open + 1 else { continue }
            var type: String? = nil
            // The first token of each argument, at the call's own depth.
            var start = open + 1
            while start < close {
                if file.kind(start + 1) == .colon, file.kind(start) == .identifier || file.kind(start) == .keyword {
                    if type == nil { type = file.name(i) }
                    let call = Call(type: type!, label: file.name(start))
                    if seen.insert(call).inserted { out.append(call) }
                }
                var j = start
                while j < close, file.kind(j) != .comma {
                    if let partner = file.partner(j), partner > j { j = partner }
                    j += 1
                }
                start = j + 1
            }
        }
        return out
    }
}
