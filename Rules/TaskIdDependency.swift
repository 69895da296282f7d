/// `task_id_dependency`: a `.task` that depends on a view input restarts when the input changes.
import MVILintCore

struct TaskIdDependency: Rule {
    static let info = RuleInfo(
        id: "task_id_dependency",
        title: "Task Depends on an Input without `id:`",
        summary: "A `.task { }` whose closure reads an input property of the view must be a `.task(id: input)`",
        rationale: """
        `.task { }` runs once, when the view appears. When the parent later passes a different input \
        (another `productID`, a changed `@Binding`), SwiftUI keeps the view's identity and updates the \
        property, but the task does not run again: the screen keeps showing data for the old input. \
        `.task(id: productID)` cancels the running work and starts it again whenever the value changes; \
        so does an `.id(productID)` applied after the task, which gives the view a new identity, \
        and an `.onChange(of: productID)` of the view whose closure calls what the task calls \
        (`load(productID)` in both) redoes the work itself. \
        Only reads count: a task that merely assigns a `@Binding` (`isPresented = false`, \
        `focus.wrappedValue = true`) does not \
        depend on its value, and keying it on the value it writes would restart it; nor does one \
        that fills a `@Binding` itself, in its closure or in a method of the view it calls \
        (`guard items.isEmpty else { return }; await fill()`) and reads it only in conditions, since \
        what the view shows of it is what the task wrote. An input is a stored `let`/`var` without a SwiftUI state wrapper that a parent can pass in, or a \
        `@Binding`. A `let` with an initial value is a constant (the memberwise initializer cannot set \
        it), and closures, models, reference types of the project or of the SDK (`AVQueuePlayer`, \
        `WKWebView`, …) and services (types named \
        `…Client`, `…Service`, `…Formatter`, …) are not values a task can be keyed on; nor are a \
        struct of the project, or an enum with associated values, that is not `Equatable` (as \
        `task(id:)` requires), nor an existential (`let clock: any Clock<Duration>`), nor a generic parameter of the view without an `Equatable` (or \
        `Hashable`, …) constraint; a `@Binding` to any of these is no key either. A property that \
        every explicit `init` sets to a literal (`autoLoads = true` in one, `false` in another), or \
        to a value worked out without the `init`'s parameters or the view's properties \
        (`ProcessInfo.processInfo.arguments.contains("-ui-testing")`), is fixed by the initializer \
        the parent picks, not a value it passes; and an `App` or `Scene`, which the system builds, \
        has no inputs. Neither is a \
        Composable Architecture `Store`/`StoreOf` (in a file importing ComposableArchitecture, or in a project that re-exports it with \
        `@_exported import`). An input named as a seed (`initialItems`, `seedQuery`) is read once \
        on purpose, as `State(initialValue:)` is. \
        The finding is reported on the modifier's `task` token.
        """,
        category: .lifecycle,
        defaults: [.mvvm: .warning, .mvi: .warning],
        examples: TaskIdDependency.examplesList)

    /// Only a file's view types are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresViewLike }

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        for type in project.viewTypes(in: file) {
            // The system builds an `App` or a `Scene`: no parent passes it anything.
            if project.isAppOrScene(type.indexName) { continue }
            let inputs = inputNames(of: type, in: file, project: project)
            guard !inputs.isEmpty else { continue }
            for code in file.memberCode(of: type) {
                for (closure, modifier) in file.modifierClosures(named: "task", in: code.range) {
                    if let paren = modifier.callParen, file.argumentLabels(ofCallAt: paren).contains("id") { continue }
                    var read = readInputs(in: closure, inputs: inputs, file: file, locals: file.locals(of: code))
                    if !read.isEmpty {
                        let filled = filledBindings(by: closure, of: type, file: file, project: project)
                        read.removeAll { filled.contains($0) }
                    }
                    // `.task { … }.id(url)`: a new `url` makes a new view, whose task starts again.
                    if !read.isEmpty {
                        let identities = identityInputs(after: closure.close, in: code.range, file: file)
                        read.removeAll { identities.contains($0) }
                    }
                    // `.onChange(of: url) { … load(url) … }` beside the task: the view redoes the
                    // task's work itself when the input changes.
                    if !read.isEmpty {
                        let redone = inputsRedoneOnChange(of: closure, in: code.range, file: file)
                        read.removeAll { redone.contains($0) }
                    }
                    guard let first = read.first else { continue }
                    context.report(at: modifier.token, .missingID(read, suggestion: first))
                }
            }
        }
    }

    /// The names `x` of the `.onChange(of: x)` modifiers in `range` (`of: self.x` too) whose
    /// closure calls a function or method that the task's closure `task` also calls: the view
    /// does the task's work again itself when `x` changes.
    private func inputsRedoneOnChange(of task: ClosureInfo, in range: TokenRange, file: SourceFile) -> Set<String> {
        var names = Set<String>()
        var taskCalls: Set<String>? = nil
        for (closure, modifier) in file.modifierClosures(named: "onChange", in: range) {
            guard let paren = modifier.callParen, file.isWord(paren + 1, "of"), file.kind(paren + 2) == .colon else { continue }
            var k = paren + 3
            if file.isWord(k, "self"), file.kind(k + 1) == .period { k += 2 }
            guard file.kind(k) == .identifier, file.kind(k + 1) == .rightParen || file.kind(k + 1) == .comma else { continue }
            if taskCalls == nil { taskCalls = calledNames(in: task.body, file: file) }
            if !calledNames(in: closure.body, file: file).isDisjoint(with: taskCalls!) { names.insert(file.name(k)) }
        }
        return names
    }

    /// The names called in `range` (`load(`, `model.refresh(`, `send(`), `Task` left out.
    private func calledNames(in range: TokenRange, file: SourceFile) -> Set<String> {
        var out = Set<String>()
        for i in range where file.kind(i) == .identifier && file.kind(i + 1) == .leftParen && !file.tokens[i + 1].hasSpaceBefore && !file.isWord(i, "Task") {
            out.insert(file.name(i))
        }
        return out
    }

    /// The names read in the arguments of an `.id(…)` modifier applied after the token `close`
    /// (the task's closure) in the same modifier chain: what gives the view carrying the task its
    /// identity.
    private func identityInputs(after close: Int, in range: TokenRange, file: SourceFile) -> Set<String> {
        var names = Set<String>()
        var j = close + 1
        var steps = 0
        while j < range.upperBound, steps < 64, file.kind(j) == .period, file.kind(j + 1) == .identifier {
            steps += 1
            let isID = file.isWord(j + 1, "id")
            j += 2
            if file.kind(j) == .leftParen, let end = file.partner(j), end > j {
                if isID {
                    for k in (j + 1)..<end where file.kind(k) == .identifier && file.kind(k - 1) != .period { names.insert(file.name(k)) }
                }
                j = end + 1
            }
            while file.kind(j) == .leftBrace, let end = file.partner(j), end > j, j < range.upperBound { j = end + 1 }
        }
        return names
    }

    /// Whether the value assigned from token `value` to the end of its statement may differ
    /// between parents: it names a parameter of the `init`, `self` or a property of the view
    /// (which a parameter may have set), or it is too long to tell (a closure, a long expression).
    /// A literal, or an expression of constants and global state, is fixed.
    private func dependsOnInitInputs(from value: Int, in body: TokenRange, parameters: Set<String>, properties: Set<String>, file: SourceFile) -> Bool {
        var i = value
        while i < body.upperBound, !file.endsStatement(at: i) {
            if i - value >= 64 || file.kind(i) == .leftBrace { return true }
            if file.isWord(i, "self") || file.kind(i) == .dollarIdentifier { return true }
            if file.kind(i) == .identifier, file.kind(i - 1) != .period {
                let name = file.name(i)
                if parameters.contains(name) || properties.contains(name) || (name.hasPrefix("_") && properties.contains(String(name.dropFirst()))) { return true }
            }
            if file.kind(i) == .stringLiteral, file.tokens[i].flags.contains(.interpolated) {
                // What it interpolates: the tokens inside it are not separate (checked whole).
                return true
            }
            i += 1
        }
        return i == value
    }

    /// Names of the view's inputs, as the rule's rationale defines them.
    private func inputNames(of type: TypeDecl, in file: SourceFile, project: ProjectIndex) -> Set<String> {
        // With an explicit `init`, a property with an initial value is an input only when an `init`
        // assigns it (there is no memberwise initializer then). Only visible for the primary declaration.
        let initDecls = type.functions.filter { $0.kind == .initializer && $0.bodyTokens != nil }
        let inits = initDecls.compactMap(\.bodyTokens)
        let propertyNames = initDecls.isEmpty ? [] : Set(type.variables.map(\.name))
        var assignedInInit = Set<String>(), assignedVariable = Set<String>()
        for f in initDecls {
            guard let body = f.bodyTokens else { continue }
            let parameters = Set(file.parameters(of: f).map(\.name))
            for m in file.mutations(in: body) where m.kind == .assignment && m.path.count == 1 {
                let name = m.path[0].hasPrefix("_") ? String(m.path[0].dropFirst()) : m.path[0]
                assignedInInit.insert(name)
                // `autoLoads = true` in one `init` and `false` in another, or a value the `init`
                // works out without its parameters (`ProcessInfo.processInfo.arguments.contains(…)`):
                // fixed by the initializer the parent picks, not a value it passes.
                if dependsOnInitInputs(from: m.operatorToken + 1, in: body, parameters: parameters, properties: propertyNames, file: file) {
                    assignedVariable.insert(name)
                }
            }
        }
        var names = Set<String>()
        // `let clock: any Clock<Duration>`: an existential is never `Equatable`.
        let existentials = Set(type.variables.compactMap { v in v.type.flatMap { file.isWord($0.tokens.lowerBound, "any") ? v.name : nil } })
        for p in project.storedProperties(of: type, in: file) {
            if existentials.contains(p.name) { continue }
            let isBinding = p.wrapper == "Binding"
            // `initialItems`, `initialQuery`: a seed, named to be read once, as `State(initialValue:)`.
            if TaskIdDependency.isSeedName(p.name) { continue }
            if !isBinding {
                guard p.wrapper == nil, !p.isFunctionTyped else { continue }
                if p.hasInitializer && (p.isLet || p.access <= .fileprivate) { continue }
                if p.hasInitializer && !inits.isEmpty && !assignedInInit.contains(p.name) { continue }
                if !inits.isEmpty && assignedInInit.contains(p.name) && !assignedVariable.contains(p.name) { continue }
            }
            // A binding's value is what it would be keyed on: the same kinds of value qualify.
            if let t = p.typeName {
                // A generic parameter of the view qualifies only when constrained to be `Equatable`.
                if type.genericParameters.contains(t) {
                    if !genericConstraints(of: t, in: type, file: file).contains(where: { c in
                        TaskIdDependency.equatableProtocols.contains(c) || project.conforms(c, where: { TaskIdDependency.equatableProtocols.contains($0) })
                    }) { continue }
                    names.insert(p.name)
                    continue
                }
                // A Composable Architecture store is the view's model, not a value to key on.
                if project.isObservableModel(t) || project.isComposableStore(t, in: file) { continue }
                // Types of this simple name of different kinds (a class `Item`, a struct
                // `Layout.Item`): whether the view holds a value is not known.
                if project.symbol(t)?.hasNamesakesOfOtherKinds == true { continue }
                if let k = project.kind(of: t), k == .class || k == .actor || k == .protocol { continue }
                // An object of the SDK (`let player: AVQueuePlayer`), compared by identity.
                if project.kind(of: t) == nil, SDKClasses.referenceTypes.contains(t) { continue }
                // `.task(id:)` takes an `Equatable` value: a struct of the project that does not
                // conform, or an enum with associated values that does not, cannot be the key.
                if let k = project.kind(of: t), k == .struct || (k == .enum && project.symbol(t)?.hasAssociatedValues == true),
                   !project.conforms(t, where: { TaskIdDependency.equatableProtocols.contains($0) }) { continue }
                // Services handed in once (`APIClient`, `DateFormatter`) are collaborators, not values.
                if TaskIdDependency.serviceSuffixes.contains(where: { t.hasNameSuffix($0) }) { continue }
            }
            names.insert(p.name)
        }
        return names
    }

    /// `initial` followed by a capitalised word (`initialItems`), or `seed`/`seed…` likewise.
    static func isSeedName(_ name: String) -> Bool {
        for prefix in ["initial", "seed"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if rest.isEmpty || rest.first!.isUppercase { return true }
        }
        return false
    }

    /// The protocols a generic parameter of `type` is constrained to, in its generic parameter
    /// clause (`<Item: Hashable & Sendable>`) and its `where` clause (`where Item: Equatable`).
    private func genericConstraints(of parameter: String, in type: TypeDecl, file: SourceFile) -> [String] {
        var out: [String] = []
        func collect(from colon: Int, until end: Int) {
            var j = colon + 1
            while j < end, file.kind(j) != .comma, !file.isText(j, ">") {
                if file.kind(j) == .identifier, file.kind(j + 1) != .period { out.append(file.name(j)) }
                j += 1
            }
        }
        var ranges: [TokenRange] = []
        if file.isText(type.nameToken + 1, "<") {
            var depth = 0, j = type.nameToken + 1
            while j < file.tokens.count, j < type.nameToken + 256 {
                if file.isText(j, "<") { depth += 1 } else if file.isText(j, ">") { depth -= 1; if depth == 0 { break } }
                j += 1
            }
            ranges.append((type.nameToken + 2)..<j)
        }
        if let w = type.whereClause { ranges.append(w) }
        for r in ranges {
            for i in r where file.kind(i) == .identifier && file.name(i) == parameter && file.kind(i + 1) == .colon && file.kind(i - 1) != .period {
                collect(from: i + 1, until: r.upperBound)
            }
        }
        return out
    }

    static let equatableProtocols: Set<String> = ["Equatable", "Hashable", "Comparable", "Strideable", "BinaryInteger", "StringProtocol"]

    static let serviceSuffixes = [
        "Client", "Service", "Manager", "Provider", "Formatter", "Session", "Repository", "UseCase", "Interactor",
        "Logger", "Router", "Coordinator", "Cache", "Loader", "Decoder", "Encoder", "Queue", "Center", "Defaults",
    ]

    /// Inputs that the closure reads, in order of first use (`x`, `self.x`; not `other.x` or a label).
    /// The `@Binding`s that the task fills itself: assigned in its closure or in a method of the
    /// view that the closure calls (`guard categories.isEmpty else { return }; await fill()`).
    /// What the view shows of such a binding is what the task wrote; keyed on it, the task would
    /// restart after its own write.
    private func filledBindings(by closure: ClosureInfo, of type: TypeDecl, file: SourceFile, project: ProjectIndex) -> Set<String> {
        let bindings = Set(project.storedProperties(of: type, in: file).filter { $0.wrapper == "Binding" }.map(\.name))
        guard !bindings.isEmpty else { return [] }
        var ranges = [closure.body]
        for i in closure.body where file.kind(i) == .identifier && file.kind(i + 1) == .leftParen && (file.kind(i - 1) != .period || file.isWord(i - 2, "self")) {
            if let f = type.functions.first(where: { $0.name == file.name(i) }), let b = f.bodyTokens { ranges.append(b) }
        }
        var filled = Set<String>()
        for r in ranges {
            for m in file.mutations(in: r) where m.kind == .assignment && m.path.count == 1 && bindings.contains(m.path[0]) { filled.insert(m.path[0]) }
        }
        // Only when the closure reads the binding just to test it (`count = count + 1` depends on it).
        return filled.filter { name in
            closure.body.allSatisfy { i in
                guard file.kind(i) == .identifier, file.name(i) == name, file.kind(i + 1) != .equal else { return true }
                if file.kind(i - 1) == .period && !file.isWord(i - 2, "self") { return true }
                return isInCondition(i, from: closure.body.lowerBound, file: file)
            }
        }
    }

    /// Whether token `i` stands in the condition of an `if`, `guard` or `while` on its line.
    private func isInCondition(_ i: Int, from start: Int, file: SourceFile) -> Bool {
        var j = i - 1
        while j >= start {
            if file.isWord(j, "if") || file.isWord(j, "guard") || file.isWord(j, "while") { return true }
            let k = file.kind(j)
            if k == .leftBrace || k == .rightBrace || k == .semicolon || k == .equal || file.tokens[j].isAtLineStart { return false }
            j -= 1
        }
        return false
    }

    private func readInputs(in closure: ClosureInfo, inputs: Set<String>, file: SourceFile, locals: Set<String>) -> [String] {
        var read: [String] = []
        let shadowed = file.localNames(in: closure.body).union(locals)
        for i in closure.body where file.kind(i) == .identifier {
            let n = file.name(i)
            guard inputs.contains(n), !read.contains(n) else { continue }
            let viaSelf = file.kind(i - 1) == .period && file.isWord(i - 2, "self") && file.kind(i - 3) != .period
            if file.kind(i - 1) == .period && !viaSelf { continue }
            if !viaSelf && shadowed.contains(n) { continue }
            // `load(id: x)`: the label `id` is not a read.
            if file.kind(i + 1) == .colon, !file.tokens[i + 1].hasSpaceBefore { continue }
            // `isPresented = false`: a plain assignment writes the input, it does not depend on it;
            // so does one through the binding's `wrappedValue` (`focus.wrappedValue = true`).
            if file.kind(i + 1) == .equal { continue }
            if file.kind(i + 1) == .period, file.isWord(i + 2, "wrappedValue"), file.kind(i + 3) == .equal { continue }
            read.append(n)
        }
        return read
    }
}

private extension String {
    static func missingID(_ inputs: [String], suggestion: String) -> String {
        let names = inputs.map { "`\($0)`" }
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
        let noun = names.count == 1 ? "the input" : "the inputs"
        return "`.task` reads \(noun) \(list) but has no `id:`, so it does not restart when the view gets a new value; use `.task(id: \(suggestion))`"
    }
}
