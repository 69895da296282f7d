/// `unobserved_model`: a view that holds an ObservableObject observes it.
import MVILintCore

struct UnobservedModel: Rule {
    static let info = RuleInfo(
        id: "unobserved_model",
        title: "Unobserved Model",
        summary: "A view-like type must not hold an injected ObservableObject in a plain `let`/`var` without `@ObservedObject`",
        rationale: """
        SwiftUI subscribes to an ObservableObject's `objectWillChange` only through `@ObservedObject`, \
        `@StateObject` or `@EnvironmentObject`. A model handed to a view and kept in a plain `let` is \
        read once: when its `@Published` state changes, the view is not re-rendered and shows stale \
        data until something else happens to redraw it. Mark the property `@ObservedObject`. Models \
        made with the `@Observable` macro, and SwiftData `@Model` classes, are tracked without a \
        wrapper and are not reported, even when they also adopt ObservableObject; a plain \
        property initialised with a new instance is reported by `owned_model_state_object` instead, \
        one that the view's `init` assigns a new instance (`self.viewStore = ViewStore(store)`) is not \
        injected, and a Composable Architecture `Store` (in a file importing ComposableArchitecture, or in a project that re-exports it with \
        `@_exported import`) is \
        observed without a wrapper, and the ObservableStore library's `ViewStore` is a value the parent \
        store hands down, with nothing to observe. A model is reported only when the view may show its state: for a \
        model declared in the project, it (or a superclass of the project) has observable state; and \
        the view reads a member of it other than \
        a method call (`model.refresh()`, `model.fetch { … }`), a method handed over as an action \
        (`Button(action: model.send)`, `.onAppear(perform: model.start)`, also after `onDismiss:`, \
        `onCommit:`, `onEditingChanged:`, or a callback of a project view named `on…`: \
        `StepRow(onCancel: cancel)`), a write of one of its properties (`shop.alert = "cancel"`), a \
        read inside a closure that runs on an event rather than \
        while the view renders (a button's action, `.onTapGesture { }`, `.onAppear { }`, \
        `.task { }`, `.onChange(of:) { }`, a closure given to a callback named `on…` or stored on an \
        object, `helper.onPick = { … }`; `of:` itself is a \
        read) or inside a method of the view \
        used only so (`Button("Go", action: go)`, `.onTapGesture { go() }`) or in its `init`, which \
        runs once, or a stored property that is not \
        observable state, its own or a superclass's, or a computed property of the model class whose \
        getter reads only such stored properties (`var database: Database { settings.database }`), \
        or the `id` that `Identifiable` gives a class \
        that declares none (also inside a string interpolation; a local of the same name, `let feed = other.items`, hides the property \
        but for `self.feed`); a view that only passes the model on shows nothing that could go \
        stale. A `weak` or `unowned` property cannot take a property wrapper and is not reported.
        """,
        category: .state,
        defaults: [.mvvm: .warning, .mvi: .warning],
        knowledge: [SwiftUIEvents.table],
        examples: UnobservedModel.examplesList)

    /// Only a file's view types are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresViewLike }

    static let facts: [any ProjectFact.Type] = [PlainComputedProperties.self]

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        // Nothing is injected into an `App`: the system makes it, and it makes what it holds.
        for type in project.viewTypes(in: file) where type.kind != .extension && !project.isApp(type) {
            var assignments: InitAssignments? = nil
            // A weak or unowned reference cannot take a property wrapper: `@ObservedObject` does not apply.
            for v in type.variables where v.isStored && !v.isStatic && v.wrappers.isEmpty && !v.header.modifiers.contains(where: { $0.name == "weak" || $0.name == "unowned" }) {
                // An array or dictionary of models is not a model: nothing could observe it whole.
                guard let t = v.type, !t.isFunctionType, !t.text.hasPrefix("[") else { continue }
                let model = t.baseName
                // Inside the view, its generic parameter or its own nested type of that name is
                // meant, not a project type elsewhere (`struct Row<Background: View>`).
                if type.genericParameters.contains(model) { continue }
                if let nested = type.nestedType(named: model),
                   !nested.inherited.contains(where: { $0.baseName == "ObservableObject" || project.isObservableObjectType($0.baseName) }) { continue }
                guard project.isObservableObjectType(model), !project.isObservableMacroClass(model),
                      !UnobservedModel.conformsToObservation(model, project: project),
                      !project.isComposableStore(model, in: file), !project.isObservableStoreViewStore(model, in: file) else { continue }
                // A new instance in the initial value is `owned_model_state_object`'s finding (a
                // construction), or made by a factory of the type: not injected either way.
                if let r = v.initializer, let made = file.newInstance(at: r.lowerBound, end: r.upperBound, annotated: t, in: r),
                   project.isObservableObject(made) { continue }
                if assignments == nil { assignments = InitAssignments(of: type, in: file) }
                if constructedInInit(v, type: t, assignments: assignments!, file: file) { continue }
                guard UnobservedModel.mayShowStaleState(v.name, model: model, of: type, file: file, project: project) else { continue }
                context.report(at: v.nameToken, .unobserved(v.name, model: model))
            }
        }
    }
}

extension UnobservedModel {
    /// Whether the view's code may render state of the model that it holds in `property`: when it
    /// reads a member of it other than a method call or, for a model the project declares, a
    /// stored property that is not observable state (`ticket.id`), and such a model (or a project
    /// superclass) has observable state at all; a view that only passes the model on
    /// (`.toastOverlay(toasts)`) shows nothing of it that could go stale.
    static func mayShowStaleState(_ property: String, model: String, of type: TypeDecl, file: SourceFile, project: ProjectIndex) -> Bool {
        // Stored properties that are not observable state, along the model's chain of project
        // classes (a superclass may declare what the view reads, and hold the state). A model the
        // project does not declare has none known: any member read counts.
        var plain = Set<String>()
        if project.isDeclared(model), project.symbol(model) != nil {
            let plainComputed = project.fact(PlainComputedProperties.self)
            var observable = Set<String>(), stored = Set<String>()
            var current: String? = model, seen = Set<String>()
            while let name = current, seen.insert(name).inserted, seen.count <= 16, let symbol = project.symbol(name) {
                observable.formUnion(project.observableState(of: name))
                stored.formUnion(symbol.storedProperties.lazy.map(\.name))
                // A computed property whose getter reads only such stored properties.
                stored.formUnion(plainComputed.byType[symbol.name] ?? [])
                current = symbol.inherited.first { project.kind(of: $0) == .class }
            }
            if observable.isEmpty { return false }
            plain = stored.subtracting(observable)
            // The `id` that `Identifiable` gives a class that declares none, along its chain of
            // project classes: `ObjectIdentifier(self)`, which never changes.
            if !seen.contains(where: { project.symbol($0)?.declaresID == true }), project.conforms(model, where: { $0 == "Identifiable" }) {
                plain.insert("id")
            }
        }
        let members = file.memberCode(of: type)
        codes: for code in members {
            // `init` runs once, when the view is made: what it reads is not re-read on a change.
            if code.function?.kind == .initializer { continue }
            // A method of the view that runs only on events (`Button("Go", action: go)`,
            // `.onTapGesture { go() }`): what it reads is not shown while the view renders. Asked
            // only of a method that reads the model, since it reads every member's code.
            var eventOnly: Bool? = nil
            func showsRead() -> Bool {
                guard let f = code.function, f.kind == .function else { return true }
                if eventOnly == nil { eventOnly = runsOnlyOnEvents(f, in: members, file: file) }
                return eventOnly == false
            }
            // A local of the same name (`let feed = other.items`) hides the property but for `self.feed`.
            let shadowed = file.locals(of: code).contains(property)
            // An interpolation is part of its string literal's token: a read there is not told
            // apart, so any member use of the name in it counts (`Text("\\(cart.count)")`).
            for i in code.range where file.kind(i) == .stringLiteral
                && interpolationUses(property, in: file.tokens[i], of: file, reading: { !plain.contains($0) }) {
                guard showsRead() else { continue codes }
                return true
            }
            for i in code.range where file.kind(i) == .identifier && Int(file.tokens[i].length) == property.utf8.count && file.name(i) == property {
                // `toasts`, `self.toasts`, but not `other.toasts`.
                if file.kind(i - 1) == .period && !file.isWord(i - 2, "self") { continue }
                if shadowed && file.kind(i - 1) != .period { continue }
                var dot = i + 1
                if file.isText(dot, "?") || file.isText(dot, "!") { dot += 1 }
                guard file.kind(dot) == .period, file.kind(dot + 1) == .identifier || file.kind(dot + 1) == .keyword else { continue }
                let member = dot + 1
                if file.kind(member + 1) == .leftParen && !file.tokens[member + 1].hasSpaceBefore { continue }
                // A call with only a trailing closure (`model.fetchShelves { … }`), not an `if` block.
                if file.kind(member + 1) == .leftBrace && file.isClosureOpen(member + 1) { continue }
                // A method handed over as the action (`Button(action: model.send)`,
                // `.onAppear(perform: model.start)`): called later, not read while rendering.
                if file.kind(member + 1) == .rightParen || file.kind(member + 1) == .comma {
                    let start = file.kind(i - 1) == .period ? i - 2 : i
                    if file.kind(start - 1) == .colon, UnobservedModel.isActionLabel(start - 2, file: file) { continue }
                }
                if plain.contains(file.name(member)) { continue }
                // A write (`shop.alert = "cancel"`) shows nothing of the model.
                if file.kind(member + 1) == .equal { continue }
                // Read when an event comes (a button's action, `.onAppear { }`, `.task { }`), not
                // while the view renders: nothing of it is shown that could go stale.
                if isInEventHandler(i, within: code.range, file: file) { continue }
                guard showsRead() else { continue codes }
                return true
            }
        }
        return false
    }

    /// Whether token `i` is inside a closure that runs on an event rather than while the view
    /// renders: an action (`Button("Play") { … }`, `Button { … } label: { … }`'s first closure,
    /// `action:`, `perform:`), or a gesture, lifecycle or change handler (`.onTapGesture { }`,
    /// `.onAppear { }`, `.task { }`, `.onChange(of:) { }`, `.refreshable { }`).
    /// Whether method `f` of the view is used, and only on events: handed over as an action
    /// (`action: go`, `perform: load`) or called inside an event handler's closure (`{ go() }`).
    static func runsOnlyOnEvents(_ f: FunctionDecl, in members: [MemberCode], file: SourceFile) -> Bool {
        let length = f.name.utf8.count
        var used = false
        for code in members where code.function !== f {
            for i in code.range where file.kind(i) == .identifier && Int(file.tokens[i].length) == length && file.name(i) == f.name {
                // `self.go` or `go`, not `other.go`.
                if file.kind(i - 1) == .period && !file.isWord(i - 2, "self") { continue }
                let start = file.kind(i - 1) == .period ? i - 2 : i
                let handedOver = file.kind(start - 1) == .colon && isActionLabel(start - 2, file: file)
                    && (file.kind(i + 1) == .rightParen || file.kind(i + 1) == .comma)
                if !handedOver && !isInEventHandler(i, within: code.range, file: file) { return false }
                used = true
            }
        }
        return used
    }

    static func isInEventHandler(_ i: Int, within range: TokenRange, file: SourceFile) -> Bool {
        for c in file.bodyAnalysis.enclosingClosures(of: i) where c.open >= range.lowerBound {
            if let label = c.label, actionLabelNames.contains(label) || isCallbackName(label) { return true }
            // A callback stored on an object (`helper.onPick = { … }`), not called where it is made.
            if file.kind(c.open - 1) == .equal, file.kind(c.close + 1) != .leftParen, file.kind(c.open - 2) == .identifier,
               file.kind(c.open - 3) == .period { return true }
            guard let last = c.calleeName else { continue }
            if eventHandlers.contains(last) { return true }
            // `Button("Play") { … }`: the trailing closure is the action unless `action:` is given.
            if last == "Button", c.isTrailing, c.label == nil,
               c.callee.last?.callParen.map({ file.argumentLabels(ofCallAt: $0).contains("action") }) != true { return true }
        }
        return false
    }

    /// Whether the argument label at `i` is one of `actionLabels`, or names a callback of a
    /// project view (`isCallbackName`).
    static func isActionLabel(_ i: Int, file: SourceFile) -> Bool {
        file.kind(i) == .identifier && (file.isName(i, in: actionLabels) || isCallbackName(file.name(i)))
    }

    /// `onCancel`, `onSelect`: the name SwiftUI's convention gives a function a view calls when
    /// something happens (`StepRow(onCancel: { … })`, `Picker2(onSelect: select)`).
    static func isCallbackName(_ label: String) -> Bool {
        let b = Array(label.utf8)
        return b.count > 2 && b[0] == UInt8(ascii: "o") && b[1] == UInt8(ascii: "n") && b[2] >= UInt8(ascii: "A") && b[2] <= UInt8(ascii: "Z")
    }

    /// The same labels, as strings (a closure's label).
    static let actionLabelNames: Set<String> = ["action", "perform", "onDismiss", "onCommit", "onEditingChanged"]
    /// SwiftUI modifiers whose closure runs when something happens, not while rendering.
    static let eventHandlers = SwiftUIEvents.names

    /// Argument labels of SwiftUI parameters that take a function to call later.
    static let actionLabels = WordSet(Array(actionLabelNames))

    /// Whether a string literal with an interpolation names `property` followed by `.`, `?` or `!`.
    /// `reading` tells whether reading the member of that name (`cart.count` → `count`) may show
    /// state; a method call (`cart.total()`) is not a read.
    static func interpolationUses(_ property: String, in token: Token, of file: SourceFile, reading: (String) -> Bool) -> Bool {
        let bytes = file.bytes, name = Array(property.utf8)
        let start = Int(token.start), end = Int(token.end)
        guard end - start > name.count + 2 else { return false }
        var hasInterpolation = false
        for k in start..<(end - 1) where bytes[k] == UInt8(ascii: "\\") && (bytes[k + 1] == UInt8(ascii: "(") || bytes[k + 1] == UInt8(ascii: "#")) {
            hasInterpolation = true
            break
        }
        guard hasInterpolation else { return false }
        func isIdentifierByte(_ b: UInt8) -> Bool { b == UInt8(ascii: "_") || b >= 0x80 || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) }
        var k = start
        while k + name.count < end {
            // `library.songs`, `self.library.songs`, but not `model.library.songs` (another object's member).
            func isOwnMember() -> Bool {
                guard bytes[k - 1] == UInt8(ascii: ".") else { return true }
                return k >= 5 && bytes[(k - 5)..<(k - 1)].elementsEqual("self".utf8) && (k == 5 || !isIdentifierByte(bytes[k - 6]))
            }
            if k > start, bytes[k] == name[0], !isIdentifierByte(bytes[k - 1]), bytes[k..<(k + name.count)].elementsEqual(name), isOwnMember() {
                var dot = k + name.count
                if bytes[dot] == UInt8(ascii: "?") || bytes[dot] == UInt8(ascii: "!") { dot += 1 }
                if dot < end, bytes[dot] == UInt8(ascii: ".") {
                    // The member's name, and whether a call follows it.
                    var e = dot + 1
                    while e < end, isIdentifierByte(bytes[e]) { e += 1 }
                    guard e > dot + 1 else { return true }
                    let isCall = e < end && bytes[e] == UInt8(ascii: "(")
                    if !isCall, reading(String(decoding: bytes[(dot + 1)..<e], as: UTF8.self)) { return true }
                }
            }
            k += 1
        }
        return false
    }

    /// Whether the model also conforms to Observation's `Observable` (or to `Perceptible`, its
    /// back-port), as a store that supports both kinds of observation does: SwiftUI then tracks
    /// what `body` reads from a plain `let`.
    static func conformsToObservation(_ model: String, project: ProjectIndex) -> Bool {
        project.conforms(model) { $0 == "Observable" || $0 == "Perceptible" } || project.symbol(model)?.isSwiftDataModel == true
    }

    /// Whether an initializer assigns the property a new instance (`self.m = M(…)`, `m = .init(…)`,
    /// `m = M.make(…)`, or a local holding one: `let made = M(…); self.m = made`).
    private func constructedInInit(_ v: VariableDecl, type: TypeRef, assignments: InitAssignments, file: SourceFile) -> Bool {
        for (body, m) in assignments[v.name] {
            let rhs = m.operatorToken + 1
            if file.newInstance(at: rhs, end: file.assignedValueEnd(rhs, in: body), annotated: type, in: body) != nil { return true }
        }
        return false
    }
}

private extension String {
    static func unobserved(_ name: String, model: String) -> String {
        "`\(name)` holds the ObservableObject `\(model)` without observing it, so the view does not update when it changes; mark it `@ObservedObject`"
    }
}
