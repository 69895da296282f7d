/// `owned_model_state_object`: a view that creates its ObservableObject owns it with `@StateObject`.
import MVILintCore

struct OwnedModelStateObject: Rule {
    static let info = RuleInfo(
        id: "owned_model_state_object",
        title: "Owned Model Held by StateObject",
        summary: "A view that creates an ObservableObject itself must hold it with `@StateObject`",
        rationale: """
        SwiftUI recreates view values whenever their parent re-renders. An ObservableObject created \
        in a view's property initializer or `init` and held by `@ObservedObject`, by a plain property \
        or by `@State` is created again on every re-render: its state is lost and its work restarts. \
        `@StateObject` creates the model once for the lifetime of the view. `@ObservedObject` is for \
        models that are injected from outside; `@State` is for `@Observable` classes.
        """,
        details: """
        - Creating means a construction (`Model()`, `Model.init(…)`, `.init(…)`), directly or through a \
        local of `init` that holds one, or a static member of the project's model that builds a new \
        instance each time it is used, in any file: a computed static property \
        (`static var placeholder: Model { Model() }`, read as `= .placeholder`) or a static function \
        (`static func make() -> Model`) whose every `return` constructs the type (or returns a local \
        that holds a construction and is not assigned again). A stored `static let shared = Model()` is \
        one kept instance, and so is what a computed property or function returns when it may hand \
        back a kept one; a name that any declaration (also of a namesake type) may answer otherwise is \
        not a construction. Static members declared in test code do not count.
        - A Composable Architecture `Store` (in a file importing ComposableArchitecture, or in a project \
        that re-exports it with `@_exported import`) is observed without a wrapper and is meant to be held \
        in `@State` or a plain `let`, so it is not reported; nor is a `ViewStore` made in `init` from an \
        injected store, which holds no state of its own.
        - An `App` is created once, as the composition root that makes what it injects: a model it \
        creates lives as long as the app whatever holds it, so its properties are not reported (a \
        `Scene` is recreated with its app's body and is checked like a view).
        - A name that the view declares as a nested struct or enum of its own (`struct Box` inside the \
        view) is that type, whatever class of the same simple name is nested elsewhere in the project, \
        also when the view declares it in an extension in another file \
        (`extension MigrateScreen { struct Model }`); so is a class of its own that adopts no \
        ObservableObject.
        - Fix (for `@ObservedObject` with an initial value only): `@StateObject`, and `private` when \
        no access level is written. Assignments in `init` are left alone: rewriting them is not mechanical. \
        The fix is offered only where the fixed project still compiles: not when `private` would take \
        the property from a call that passes it to the view's memberwise initializer \
        (`TimerScreen(model: shared)`, in any file, also through a typealias of the view), nor when the \
        view has an extension in another file, which may use it. Code that reads the property through \
        an instance of the view (`screen.model`, as a test might) is not looked for.
        """,
        category: .lifecycle,
        defaults: [.mvvm: .error, .mvi: .error],
        fix: .sometimes,
        examples: OwnedModelStateObject.examplesList)

    /// Only a file's view types are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresViewLike }

    static let facts: [any ProjectFact.Type] = [NestedValueTypes.self, FreshStaticMembers.self, InitializerLabels.self]

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        let nestedValueTypes = project.fact(NestedValueTypes.self)
        for type in project.viewTypes(in: file) {
            var assignments: InitAssignments? = nil
            // An `App` is made once: a model it creates is not recreated.
            if project.isApp(type) { continue }
            for v in type.variables where v.isStored && !v.isStatic {
                let wrapper = v.wrappers.first?.baseName
                if wrapper == "StateObject" || wrapper == "EnvironmentObject" || wrapper == "Environment" { continue }
                guard wrapper == nil || wrapper == "ObservedObject" || wrapper == "State" else { continue }
                var created: String? = nil
                var fix: Fix? = nil
                if let r = v.initializer, let made = file.constructedType(at: r.lowerBound, end: r.upperBound, annotated: v.type),
                   !readsPropertyOfResult(r, file: file), isObservableObject(made.name, in: file, project: project) {
                    created = made.name
                    if wrapper == "ObservedObject" { fix = stateObjectFix(v, of: type, in: file, project: project) }
                } else if let r = v.initializer, let made = factoryMade(r.lowerBound, end: r.upperBound, annotated: v.type, file: file, project: project) {
                    // `= .placeholder`, `= Model.make()`: a static member that builds a new instance.
                    created = made
                    if wrapper == "ObservedObject" { fix = stateObjectFix(v, of: type, in: file, project: project) }
                }
                // Also a property assigned a new instance in `init`.
                if created == nil {
                    if assignments == nil { assignments = InitAssignments(of: type, in: file) }
                    created = assignedInstance(of: v, wrapper: wrapper, in: assignments!, file: file, project: project)
                }
                guard let model = created, !project.isComposableStore(model, in: file), !project.isComposableViewStore(model, in: file) else { continue }
                // `Box(tint:)` in a view that declares its own `struct Box`: the name is that type,
                // not a model of the same simple name nested elsewhere in the project.
                // (`Ticker.Box`, written qualified, is the other one.)
                let written = v.type?.text ?? v.initializer.map { file.text(of: $0, compact: true) } ?? ""
                if !written.contains("." + model), let nested = type.nestedType(named: model) {
                    if nested.kind != .class { continue }
                    // The view's own class that adopts no ObservableObject itself is no model, whatever
                    // a namesake nested elsewhere is.
                    if !nested.inherited.contains(where: { $0.baseName == "ObservableObject" || project.isObservableObjectType($0.baseName) }) { continue }
                }
                // The same for one declared in an extension of the view, in any file.
                if !written.contains("." + model), nestedValueTypes.names.contains(type.indexName + "." + model) { continue }
                switch wrapper {
                case "ObservedObject": context.report(at: v.nameToken, .observed(v.name, model), fix: fix)
                case "State":
                    // An `@Observable` class is what `@State` holds (it may also be an
                    // ObservableObject through a base class); with namesakes, some of which are.
                    if project.isObservableMacroClass(model) { continue }
                    context.report(at: v.nameToken, .state(v.name, model))
                default: context.report(at: v.nameToken, .plain(v.name, model))
                }
            }
        }
    }

    /// Whether `name` is an ObservableObject: a `private`/`fileprivate` class of this file of that
    /// name is the one meant, and is judged by what it inherits itself, whatever other files
    /// declare under the name.
    private func isObservableObject(_ name: String, in file: SourceFile, project: ProjectIndex) -> Bool {
        if let local = file.tree.allTypes.first(where: { $0.kind != .extension && $0.name == name && $0.header.access <= .fileprivate }) {
            return local.inherited.contains { $0.baseName == "ObservableObject" || (project.kind(of: $0.baseName) == .class && project.isObservableObjectType($0.baseName)) }
        }
        return project.isObservableObjectType(name)
    }

    /// `.placeholder`, `.make(id: 1)`, `Model.placeholder`, `Model.make()`: the whole expression
    /// `start..<end` reads a static member of an ObservableObject of the project that builds a new
    /// instance at each use (`FreshStaticMembers`); the model's name, if so.
    private func factoryMade(_ start: Int, end: Int, annotated: TypeRef?, file: SourceFile, project: ProjectIndex) -> String? {
        var i = start
        let owner: String
        if file.kind(i) == .period {
            guard let type = annotated, !type.text.hasSuffix("?") else { return nil }
            owner = type.baseName
        } else {
            guard file.kind(i) == .identifier, file.beginsWithCapital(i) else { return nil }
            i = file.lastCapitalisedComponent(from: i)
            owner = file.name(i)
            i += 1
            guard file.kind(i) == .period else { return nil }
        }
        guard file.kind(i + 1) == .identifier else { return nil }
        let member = file.name(i + 1)
        var after = i + 2
        if after < end, file.kind(after) == .leftParen, !file.tokens[after].hasSpaceBefore, let close = file.partner(after) { after = close + 1 }
        guard after == end, project.fact(FreshStaticMembers.self).members.contains(owner + "." + member),
              isObservableObject(owner, in: file, project: project) else { return nil }
        return owner
    }

    /// `CalendarModel().entries`: after the construction's call, the initial value reads a
    /// property of the new instance (a `.name` not called), so the property holds that value,
    /// not the model.
    private func readsPropertyOfResult(_ r: TokenRange, file: SourceFile) -> Bool {
        var j = r.lowerBound
        var called = false
        while j < r.upperBound {
            switch file.kind(j) {
            case .leftParen, .leftBracket, .leftBrace:
                if file.kind(j) == .leftParen { called = true }
                guard let close = file.partner(j), close > j else { return false }
                j = close + 1
            case .period where called:
                if file.kind(j + 1) == .identifier, file.kind(j + 2) != .leftParen, file.kind(j + 2) != .leftBrace { return true }
                j += 1
            default:
                j += 1
            }
        }
        return false
    }

    /// For `@ObservedObject var m = M()` only: `@ObservedObject` becomes `@StateObject`, and
    /// `private ` is inserted before `var` when no access level is written (state a view owns is
    /// private to it). Assignments in `init` are left alone: rewriting them is not mechanical.
    private func stateObjectFix(_ v: VariableDecl, of type: TypeDecl, in file: SourceFile, project: ProjectIndex) -> Fix? {
        guard let attribute = v.wrappers.first, attribute.baseName == "ObservedObject" else { return nil }
        // `@SwiftUI.ObservedObject`: the last name token follows each `.`.
        let last = attribute.nameToken + 2 * attribute.name.filter { $0 == "." }.count
        var edits = [file.replacement(ofTokens: last, through: last, with: "StateObject")]
        if !v.hasExplicitAccess {
            // `private` would break an extension in another file that uses the property, and a
            // call that passes it to the memberwise initializer (`OrdersView(viewModel: model)`),
            // which no longer takes it once it is private: no fix then.
            if project.symbol(type.indexName)?.isExtendedElsewhere == true { return nil }
            let hasOwnInitializer = type.functions.contains { $0.kind == .initializer }
            if !hasOwnInitializer, project.fact(InitializerLabels.self).passes(v.name, to: type.indexName) { return nil }
            guard let keyword = file.bindingKeyword(of: v) else { return nil }
            edits.append(file.insertion("private ", beforeToken: keyword))
        }
        return Fix(title: "Own `\(v.name)` with `@StateObject`", edits: edits)
    }

    /// `self.m = M()` or `_m = ObservedObject(wrappedValue: M())` in an initializer, directly or
    /// through a local constant made there (`let made = M(); made.start(); self.m = made`).
    private func assignedInstance(of v: VariableDecl, wrapper: String?, in assignments: InitAssignments, file: SourceFile, project: ProjectIndex) -> String? {
        for (body, m) in assignments[v.name] {
            let rhs = m.operatorToken + 1
            if let made = file.newInstance(at: rhs, end: file.assignedValueEnd(rhs, in: body), annotated: v.type, in: body, factories: false),
               isObservableObject(made, in: file, project: project) {
                return made
            }
            if let made = factoryMade(rhs, end: file.valueExpressionEnd(from: rhs, before: body.upperBound), annotated: v.type, file: file, project: project) {
                return made
            }
        }
        guard let wrapper else { return nil }
        for (body, m) in assignments["_" + v.name] {
            let rhs = m.operatorToken + 1
            if file.name(rhs) == wrapper, file.kind(rhs + 1) == .leftParen, file.kind(rhs + 3) == .colon, let close = file.partner(rhs + 1),
               let made = file.newInstance(at: rhs + 4, end: close, annotated: v.type, in: body, factories: false), isObservableObject(made, in: file, project: project) {
                return made
            }
        }
        return nil
    }

}

private extension String {
    static func observed(_ name: String, _ model: String) -> String {
        "`\(name)` creates its own `\(model)` but holds it with `@ObservedObject`, so it is recreated on every re-render; use `@StateObject`"
    }
    static func state(_ name: String, _ model: String) -> String {
        "`\(name)` holds the ObservableObject `\(model)` in `@State`, which does not observe it; use `@StateObject` (or make `\(model)` `@Observable`)"
    }
    static func plain(_ name: String, _ model: String) -> String {
        "`\(name)` creates \(model.first.map { "AEIOU".contains($0) } == true ? "an" : "a") `\(model)` that is neither observed nor kept across re-renders; hold it with `@StateObject`"
    }
}
