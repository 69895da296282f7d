/// `view_mutates_state`: a view changes its model's state only through intents or model methods.
import MVILintCore

struct ViewMutatesState: Rule {
    static let info = RuleInfo(
        id: "view_mutates_state",
        title: "View Mutates Model State",
        summary: "A view must not assign to or mutate the state of the model it holds; it sends an intent or calls a model method",
        rationale: """
        When a view writes `viewModel.items.append(…)` or `store.state.query = …` itself, the model's \
        logic (validation, persistence, analytics, loading flags) is bypassed and the same change ends \
        up scattered over several views. It also makes the model's state writable from outside, which \
        hides who changed what. Keep the write inside the model: call a method such as \
        `viewModel.addDraft()` or send an intent (`store.send(.addDraft)`). The view's own `@State` and \
        `@Binding` values are the view's business and are not reported, and so is a Core Data entity \
        that the view holds with `@ObservedObject` (a class of the project that inherits from \
        `NSManagedObject`, or one that Xcode generates from an `.xcdatamodeld` model of the project): \
        it is a record that the view edits and then saves, as it edits a SwiftData `@Model`, not a \
        model (and one that a model holds is an object the model holds, see below). A model held through another \
        property wrapper (dependency injection such as `@InjectedObservable var store: AppStore`) counts \
        when the project declares its type as an observable model; an app's delegate adaptor, which \
        the app wires up, does not. A local bound to a model in view code stands for it: a shared \
        instance of a model the project declares (`@Bindable var settings = AppSettings.shared`) or \
        one of the view's model properties (`let model = viewModel`). Writing the `wrappedValue` of a \
        binding that the model hands out (`model.shuffleBinding.wrappedValue = true`, also through a \
        key path: `model[keyPath: storage].wrappedValue = true`) runs the model's \
        own setter and is not reported, and neither is a call such as `model.blocks.insert(id)` when \
        `blocks` holds an object of a project class or actor: `insert` is then that object's own method. \
        Writing the `value` of a Combine `CurrentValueSubject` the model holds (`model.draft.value = text`) \
        sends it, like calling `send`, and is not reported either. \
        Setting a `weak`/`unowned` property or a property of function type (`engine.delegate = self`, \
        `engine.onFinish = { … }`; also one whose type is a typealias of a function type, or comes \
        from a closure as its initial value, `var onFinish = {}`), also on a model the model holds \
        (`playback.engine.onFinish = { … }`), wires the model up rather than writing its state, and is not reported; \
        so does setting an `@ObservationIgnored` property of an `@Observable` model, which the model \
        itself declares is not state. Setting a property of an object the model holds \
        (`model.meter.peak = 0` with `meter` a project class or actor that is not a model, a \
        protocol only classes adopt, or a class of the SDK such as `WKWebView` or `AVPlayer`: \
        `model.webView.navigationDelegate = handler`) changes that object, not the model, and is not reported either; \
        nor is a write further inside it (`model.meter.grid.columns += 1`, `model.meter.marks.append(1)`). \
        Setting a computed property that the model declares with a setter (`model.volume = 2`) \
        runs the model's own code, like calling one of its methods, and is not reported; nor is a \
        write through a property that a model class of the project does not store \
        (`model.lastMeter?.peak = 0` through a computed property, a member reached through \
        `@dynamicMemberLookup`), which lands in the object the getter returns or runs the model's \
        setter; a method's result (`model.cache(for: key).count = 0`) is still reported. Setting a \
        member that a `@dynamicMemberLookup` model class does not store (`context.name = \"\"`) runs \
        its `subscript(dynamicMember:)` setter, and is not reported either. \
        A method of the model's own types that shares a mutating method's name but not its \
        arguments, and whose result is used (`Text(store.state.sort(filter))`), only reads. \
        A `ReferenceFileDocument` that the view holds with `@ObservedObject` is reported like a \
        model: SwiftUI does not see a write into it from the view (the document is not marked as \
        edited); change it through a document method that registers an undo action. \
        An `App`'s `init` is the composition root that wires up the models the app makes \
        (`database.authentication = auth`) and is not checked; its `body` is. \
        A stored property of an ObservableObject that is not `@Published` (`store.region = r`, also \
        with a `didSet` that saves it) is reported like any other: the rule reports every write \
        rooted at the model, not only writes of its observable state, and the write still bypasses \
        the model. Give the model a method, or make the property computed with a setter.
        """,
        category: .architecture,
        defaults: [.mvvm: .warning, .mvi: .error],
        examples: ViewMutatesState.examplesList)

    /// Only a file's view types are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresViewLike }

    static let facts: [any ProjectFact.Type] = [SettableComputedProperties.self]

    func check(_ context: inout RuleContext) {
        let file = context.file, project = context.project
        for type in project.viewTypes(in: file) {
            let models = project.modelProperties(of: type, in: file).filter { !project.isComposableStore($0.value, in: file) }
            guard !models.isEmpty else { continue }
            var reported = Set<Int>()
            // An `App` is made once, as the composition root: its `init` wires up the models it
            // makes (`store.session = session`) before any view shows them.
            let isApp = project.isApp(type)
            for code in file.memberCode(of: type) {
                if isApp, code.function?.kind == .initializer { continue }
                // Only writes through a property (`model.items = x`) can reach a model's state.
                for m in file.mutations(in: code.range, minimumDepth: 2) {
                    // Assigning the property itself (`self.viewModel = viewModel` in `init`) replaces
                    // the reference; only writes through it reach the model's state.
                    // Writing the `wrappedValue` of a binding that the model hands out runs the
                    // model's own setter (`model.shuffleBinding.wrappedValue = true`); a model's own
                    // property of that name is still its state.
                    guard m.path.count >= 2, !m.path.dropFirst(2).contains("wrappedValue") else { continue }
                    // The same through a key path (`model[keyPath: storage].wrappedValue = x`).
                    if m.path.last == "wrappedValue", file.kind(m.rootToken + 1) == .leftBracket, file.isWord(m.rootToken + 2, "keyPath") { continue }
                    var held = models[m.path[0]]
                    if !m.viaSelf && file.locals(of: code).contains(m.path[0]) {
                        held = localModel(m.path[0], before: m.rootToken, in: code.range, models: models, file: file, project: project)
                    }
                    guard let model = held else { continue }
                    // `model.blocks.insert(id)` with `blocks` an object of a project class: a call of
                    // that object's own API, not a change of a value the model holds.
                    if case .mutatingCall = m.kind, isObjectReceiver(m.path, model: model, project: project) { continue }
                    // `engine.delegate = self`, `engine.onFinish = { … }`: wiring a weak reference or a
                    // callback into the model, not a write of state it shows.
                    // Also on an object further along (`playback.engine.onFinish = { … }`).
                    if m.kind == .assignment, let owner = m.path.count == 2 ? model : heldType(Array(m.path.dropLast()), model: model, project: project),
                       let p = project.symbol(owner)?.storedProperties.first(where: { $0.name == m.path[m.path.count - 1] }),
                       p.isWeakReference || p.isFunctionTyped || p.typeName.map(project.functionTypeAliases.contains) == true { continue }
                    // The same with a closure literal as the value, whatever the model's type
                    // declares (one from a package is not in the index): `panel.onClose = { … }`.
                    if m.kind == .assignment, file.kind(m.operatorToken + 1) == .leftBrace, file.isClosureOpen(m.operatorToken + 1) { continue }
                    // `model.close = dismiss` where `close` is `@ObservationIgnored`: the `@Observable`
                    // model says that property is not state it shows; setting it is wiring too.
                    if m.path.count == 2, m.kind == .assignment, project.isObservableMacroClass(model),
                       let symbol = project.symbol(model), symbol.storedProperties.contains(where: { $0.name == m.path[1] && !$0.isLet }),
                       !symbol.trackedNames.contains(m.path[1]) { continue }
                    // `model.engine.volume = 0.5` where `engine` holds an object of a project class or
                    // actor that is not a model: the write sets that object's property, not the model's.
                    // So does a write further into it (`model.engine.settings.fontSize += 1`), or a
                    // mutating call on a value it holds (`model.ruler.marks.append(x)`).
                    if passesThroughHeldObject(m.path, model: model, project: project) { continue }
                    // `model.enabled = on` where `enabled` is a computed property: its setter is the
                    // model's own code, like a method it offers.
                    if isComputedProperty(m.path[1], of: model, project: project) { continue }
                    // `model.latest?.count = 0` through a computed property: without a setter, a write
                    // there compiles only into an object it returns; with one, it runs the setter.
                    if m.path.count > 2, !callsSecondMember(of: m, file: file), isUnstoredMember(m.path[1], of: model, project: project) { continue }
                    // `context.name = x` on a `@dynamicMemberLookup` model class that declares no
                    // `name`: the assignment runs the model's `subscript(dynamicMember:)` setter.
                    if m.path.count == 2, !callsSecondMember(of: m, file: file), project.symbol(model)?.hasDynamicMemberLookup == true,
                       isUnstoredMember(m.path[1], of: model, project: project) { continue }
                    // The same on a model the model holds (`model.bottomBar.isEditing = true`).
                    if m.path.count > 2, let owner = heldType(Array(m.path.dropLast()), model: model, project: project),
                       isComputedProperty(m.path[m.path.count - 1], of: owner, project: project) { continue }
                    guard reported.insert(m.rootToken).inserted else { continue }
                    // A property whose type is not written stands for its model (`= Model.shared`).
                    let typeName = model == m.path[0] ? nil : model
                    context.report(at: m.rootToken, .mutates(file.targetText(of: m), model: typeName, property: m.path[0], view: type.indexName))
                }
            }
        }
    }
}

/// The declared type that the members after the model in `path` lead to (`["model", "engine"]`:
/// the type of `engine`); nil when a step is not a declared stored property with a type.
private func heldType(_ path: [String], model: String, project: ProjectIndex) -> String? {
    var type = model
    for name in path.dropFirst() {
        guard let p = project.symbol(type)?.storedProperties.first(where: { $0.name == name }), !p.isBracketCollection,
              let t = p.typeName else { return nil }
        type = t
    }
    return type
}

/// A class or actor of the project, or a protocol of the project that only classes can adopt
/// (`protocol Renderer: AnyObject`).
/// Whether `name` is a computed property with a setter of `model` or of one of its superclasses,
/// which none of them stores: writing it runs the model's own code.
private func isComputedProperty(_ name: String, of model: String, project: ProjectIndex) -> Bool {
    var current: String? = model, seen = Set<String>(), settable = false
    let settableComputed = project.fact(SettableComputedProperties.self)
    while let type = current, seen.insert(type).inserted, seen.count <= 16, let symbol = project.symbol(type) {
        if symbol.storedProperties.contains(where: { $0.name == name }) { return false }
        if settableComputed.byType[symbol.name]?.contains(name) == true { settable = true }
        current = symbol.inherited.first { project.kind(of: $0) == .class }
    }
    return settable
}

/// Whether the target's second name is called (`model.cache(for: key).value = 1`): a method's
/// result, judged as a write into the model as before.
private func callsSecondMember(of m: Mutation, file: SourceFile) -> Bool {
    var j = m.rootToken
    if file.isWord(j, "self"), file.kind(j + 1) == .period || file.isText(j + 1, "?") { j += file.kind(j + 1) == .period ? 2 : 3 }
    // Past the root name, `?`/`!` and subscripts, to the `.` before the second name.
    j += 1
    var steps = 0
    while j < m.operatorToken, steps < 64, file.kind(j) != .period {
        steps += 1
        if file.kind(j) == .leftBracket, let close = file.partner(j) { j = close + 1 } else { j += 1 }
    }
    return file.kind(j) == .period && file.kind(j + 2) == .leftParen
}

/// Whether `name` is a member that `model`, a class of the project, does not store: the model
/// and each of its superclasses are declared in the project (up to `NSObject`), none stores a
/// property of that name, and nothing else it inherits is unknown. A member written through is
/// then a computed property (or one a protocol extension adds).
private func isUnstoredMember(_ name: String, of model: String, project: ProjectIndex) -> Bool {
    var current: String? = model, seen = Set<String>()
    while let type = current, seen.insert(type).inserted, seen.count <= 16 {
        guard let symbol = project.symbol(type), symbol.declarationPath != nil, symbol.kind == .class else { return false }
        if symbol.storedProperties.contains(where: { $0.name == name }) { return false }
        current = nil
        for inherited in symbol.inherited {
            switch project.kind(of: inherited) {
            case .class: current = inherited
            case .protocol: continue
            default: if !ViewMutatesState.knownNonStoringSupertypes.contains(inherited) { return false }
            }
        }
    }
    return seen.count <= 16
}

extension ViewMutatesState {
    /// Classes of the SDK that a model holds as objects with an API of their own: writing
    /// `value` of a `CurrentValueSubject` sends it to its subscribers, like calling `send`.
    static let frameworkObjectTypes: Set<String> = ["CurrentValueSubject", "PassthroughSubject"]

    /// Supertypes of the SDK that store nothing a model's code could be writing through.
    static let knownNonStoringSupertypes: Set<String> = [
        "NSObject", "ObservableObject", "Observable", "Identifiable", "Equatable", "Hashable", "Sendable", "Codable",
        "Decodable", "Encodable", "CustomStringConvertible", "AnyObject",
    ]
}

/// Whether a write to `path` goes through an object that the model holds: a property along it
/// (before the last name) holds an instance of a project class or actor, of a protocol only
/// classes adopt, or of a Core Data entity class, that is not itself a model.
private func passesThroughHeldObject(_ path: [String], model: String, project: ProjectIndex) -> Bool {
    guard path.count > 2 else { return false }
    for k in 2..<path.count {
        guard let held = heldType(Array(path[0..<k]), model: model, project: project) else { return false }
        if held != model, isReferenceType(held, project: project), !project.isObservableModel(held) { return true }
    }
    return false
}

private func isReferenceType(_ name: String, project: ProjectIndex) -> Bool {
    switch project.kind(of: name) {
    case .class, .actor: return true
    case .protocol: return project.symbol(name)?.inherited.contains { $0 == "AnyObject" || $0 == "class" } == true
        || project.conforms(name) { $0 == "AnyObject" }
    // A Core Data entity class that Xcode generates from the project's model, or a Combine
    // subject (`draft.value = text` sends, as `draft.send(text)` does).
    default: return project.isCoreDataEntity(name) || ViewMutatesState.frameworkObjectTypes.contains(name)
        // An object of the SDK that the model holds (`model.webView.navigationDelegate = handler`).
        || (project.kind(of: name) == nil && SDKClasses.referenceTypes.contains(name))
    }
}

/// Whether the members after the model in `path` (`["model", "blocks"]`) lead, through their
/// declared types, to a class or actor that the project declares.
private func isObjectReceiver(_ path: [String], model: String, project: ProjectIndex) -> Bool {
    guard let type = heldType(path, model: model, project: project), type != model else { return false }
    let kind = project.kind(of: type)
    return kind == .class || kind == .actor || project.isCoreDataEntity(type)
}

/// The model that a local of view code holds, from its declaration before `token`: a shared
/// instance of a model the project declares (`@Bindable var settings = AppSettings.shared`), or
/// a model property of the view (`let model = viewModel`, `= self.viewModel`). Nil otherwise.
private func localModel(_ name: String, before token: Int, in range: TokenRange, models: [String: String], file: SourceFile, project: ProjectIndex) -> String? {
    var j = token - 1
    while j >= range.lowerBound {
        defer { j -= 1 }
        guard file.isWord(j, "let") || file.isWord(j, "var"), file.kind(j + 1) == .identifier, file.name(j + 1) == name else { continue }
        guard file.kind(j + 2) == .equal else { return nil }
        // The initial value: up to the end of its line, a `;` or a closing brace.
        var end = j + 3
        while end < min(token, j + 19), !file.tokens[end].isAtLineStart || end == j + 3, file.kind(end) != .semicolon, file.kind(end) != .rightBrace { end += 1 }
        let value = (j + 3)..<end
        if let shared = PropertySummary.sharedInstanceType(in: value, file: file) {
            return project.isDeclared(shared) && project.isObservableModel(shared) ? shared : nil
        }
        var n = value.lowerBound
        if file.isWord(n, "self"), file.kind(n + 1) == .period { n += 2 }
        guard n + 1 == value.upperBound, file.kind(n) == .identifier else { return nil }
        return models[file.name(n)]
    }
    return nil
}

private extension String {
    static func mutates(_ target: String, model: String?, property: String, view: String) -> String {
        let owner = model.map { "the model `\($0)`" } ?? "the model held in `\(property)`"
        return "`\(view)` mutates `\(target)` of \(owner) directly; send an intent or call a model method instead"
    }
}
