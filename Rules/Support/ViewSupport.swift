/// Helpers shared by the view rules: a view's properties and models, its `body`, modifier closures, tasks.
import MVILintCore

extension ProjectIndex {
    /// Stored instance properties of a view-like declaration: its own for a type declaration,
    /// those the index keeps from the primary declaration (in any file) for an extension.
    func storedProperties(of type: TypeDecl, in file: SourceFile) -> [PropertySummary] {
        if type.kind == .extension { return symbol(type.indexName)?.storedProperties ?? [] }
        return file.memo("storedProperties", type.nameToken) {
            // The index summarised them already when this is the only declaration of the name:
            // the same list, from the same file.
            if let s = symbol(type.name), !s.isDeclaredMoreThanOnce, s.kind == type.kind, s.declarationPath == file.path,
               s.declarationLocation == file.location(ofToken: type.nameToken) {
                return s.storedProperties
            }
            return type.variables.filter { $0.isStored && !$0.isStatic }.map { PropertySummary(variable: $0, in: file) }
        }
    }

    /// The observable model a view's property holds (its type name, or the property's name when
    /// the type is not written), or nil when it holds something else.
    func heldModel(_ p: PropertySummary) -> String? {
        switch p.wrapper {
        case "StateObject", "ObservedObject", "EnvironmentObject":
            // The compiler accepts only ObservableObjects in these wrappers, so the wrapper alone
            // tells; but a Core Data entity is a record that a view edits and then saves (as it
            // edits a SwiftData `@Model`), not a model in mvilint's terms: its conformance comes
            // from the SDK, not from the project.
            guard let t = p.typeName else { return p.name }
            return isCoreDataEntity(t) ? nil : t
        case "Bindable":
            // `@Bindable` requires an Observable class: an `@Observable` model, or a SwiftData
            // `@Model` entity, which is not a model in mvilint's terms (editing one in a form is
            // how SwiftData is used). A class of the project counts only when it is an observable
            // model; one declared elsewhere is taken at the wrapper's word.
            guard let t = p.typeName else { return p.name }
            if isDeclared(t), !isObservableModel(t) { return nil }
            return t
        case "Environment":
            // `@Environment(Model.self)` reads an `@Observable` model; key paths (`\.dismiss`) read values.
            return p.environmentType
        case "State":
            // `@State` holds a model only when that model is an `@Observable` class.
            guard let t = p.typeName, isObservableMacroClass(t) else { return nil }
            return t
        case nil:
            guard !p.isFunctionTyped, let t = p.typeName, isObservableMacroClass(t) || isObservableObjectType(t) else { return nil }
            return t
        default:
            // Any other wrapper (SwiftUI's value wrappers, or dependency injection such as
            // `@InjectedObservable var store: AppStore`) holds a value of the declared type: a model
            // when the project declares that type as one (a name merely ending in a model suffix
            // is not enough here). An app's delegate adaptor holds its delegate, which the app
            // wires up, not a model of its views.
            guard let w = p.wrapper, !ProjectIndex.delegateAdaptors.contains(w),
                  let t = p.typeName, isDeclared(t), isObservableModel(t) else { return nil }
            return t
        }
    }

    /// `isObservableObject` without the SDK classes that the model-suffix fallback would otherwise
    /// take for models (`HKHealthStore`, `EKEventStore`, …): they are never declared in a project.
    func isObservableObjectType(_ name: String) -> Bool {
        isObservableObject(name) && (isDeclared(name) || !ProjectIndex.sdkStoreClasses.contains(resolve(name)))
    }

    static let sdkStoreClasses: Set<String> = [
        "HKHealthStore", "EKEventStore", "CNContactStore", "NSUbiquitousKeyValueStore", "NSPersistentStore",
        "NSIncrementalStore", "NSAtomicStore",
    ]

    /// A Composable Architecture `Store`/`StoreOf` (the file imports ComposableArchitecture, or the
    /// project re-exports it): its
    /// state is written only through actions, including `$store.field` bindings, and it is observed
    /// without a wrapper. Also when the project declares `Store` itself, as a project that keeps the
    /// library's sources in a local package does (its `Store` resolves then): a file that imports
    /// the library and means a `Store` of its own would not compile without qualifying the name.
    func isComposableStore(_ name: String, in file: SourceFile) -> Bool {
        let r = resolve(name)
        return (r == "Store" || r == "StoreOf") && seesComposableArchitecture(file)
    }

    /// Whether `file` imports ComposableArchitecture, or sees it through a file of the project that
    /// re-exports it (`@_exported import ComposableArchitecture`).
    func seesComposableArchitecture(_ file: SourceFile) -> Bool { sees("ComposableArchitecture", in: file) }

    /// Whether `file` imports `module`, or sees it through a file of the project that re-exports it
    /// (`@_exported import`).
    func sees(_ module: String, in file: SourceFile) -> Bool {
        file.tree.imports.contains(module) || exportedModules.contains(module)
    }

    /// Whether `file` sees one of `modules` (`sees(_:in:)`).
    func sees<S: Sequence>(anyOf modules: S, in file: SourceFile) -> Bool where S.Element == String {
        modules.contains { sees($0, in: file) }
    }

    /// A `ViewStore` of the ObservableStore library (the file imports it, or the project re-exports
    /// it): a value that the parent store hands down at each render, with nothing to observe; the
    /// suffix that makes an unknown `…Store` a model does not apply to it.
    func isObservableStoreViewStore(_ name: String, in file: SourceFile) -> Bool {
        resolve(name) == "ViewStore" && !isDeclared("ViewStore") && sees("ObservableStore", in: file)
    }

    /// A Composable Architecture `ViewStore`/`ViewStoreOf` (the file imports ComposableArchitecture):
    /// a view of a store's state that holds none of its own, so one made in `init` from an injected
    /// store loses nothing when the view is recreated.
    func isComposableViewStore(_ name: String, in file: SourceFile) -> Bool {
        let r = resolve(name)
        return (r == "ViewStore" || r == "ViewStoreOf") && seesComposableArchitecture(file)
    }

    /// Property name → model type, for every property of the view that holds an observable model.
    func modelProperties(of type: TypeDecl, in file: SourceFile) -> [String: String] {
        file.memo("modelProperties", type.nameToken) {
            var out: [String: String] = [:]
            for p in storedProperties(of: type, in: file) {
                if let m = heldModel(p) {
                    if !isObservableStoreViewStore(m, in: file) { out[p.name] = m }
                    continue
                }
                // `let store: StoreOf<Feature>`: a Composable Architecture store, as `Store<…>` is.
                if p.wrapper == nil, let t = p.typeName, isComposableStore(t, in: file) { out[p.name] = t }
            }
            return out
        }
    }
}

/// A piece of a type's member code: a function body, an accessor block or an initial value.
struct MemberCode {
    var range: TokenRange
    /// The function whose body this is: its parameters are local names.
    var function: FunctionDecl? = nil
    /// An accessor block: setters and observers have the implicit parameters `newValue` and `oldValue`.
    var isAccessor = false
}

extension SourceFile {
    /// The code of a type's own members (function bodies, accessor blocks, initial values; nested
    /// types excluded), each with its local names.
    func memberCode(of type: TypeDecl) -> [MemberCode] {
        memo("memberCode", type.nameToken) { findMemberCode(of: type) }
    }

    /// Parameters of the enclosing function and names bound inside the code. Asked only where a
    /// rule has a candidate finding: most member code never needs it.
    func locals(of code: MemberCode) -> Set<String> {
        var names = localNames(in: code.range)
        if let f = code.function { names.formUnion(parameters(of: f).lazy.map(\.name)) }
        if code.isAccessor { names.formUnion(["newValue", "oldValue"]) }
        return names
    }

    private func findMemberCode(of type: TypeDecl) -> [MemberCode] {
        var out: [MemberCode] = []
        for m in type.members {
            switch m {
            case .function(let f):
                if let b = f.bodyTokens { out.append(MemberCode(range: b, function: f)) }
            case .variable(let v):
                if let o = v.accessorOpen, let c = v.accessorClose, o < c { out.append(MemberCode(range: (o + 1)..<c, isAccessor: true)) }
                if let r = v.initializer { out.append(MemberCode(range: r)) }
            default:
                break
            }
        }
        return out
    }

    /// Tokens inside the body that SwiftUI evaluates to render the type: `var body: some View { … }`
    /// (the `get { … }` block when the getter is spelled out) or a ViewModifier's
    /// `func body(content:)`.
    func renderBody(of type: TypeDecl) -> TokenRange? {
        for v in type.variables where v.name == "body" && v.isComputed && !v.isStatic {
            guard let o = v.accessorOpen, let c = v.accessorClose, o < c else { continue }
            if isWord(o + 1, "get"), kind(o + 2) == .leftBrace, let close = partner(o + 2), close < c { return (o + 3)..<close }
            return (o + 1)..<c
        }
        for f in type.functions where f.name == "body" && parameters(of: f).first?.label == "content" && !f.header.isStatic {
            return f.bodyTokens
        }
        return nil
    }

    /// Closures passed to the view modifier `name` within `range`: `.onAppear { }`,
    /// `.task(id: x) { }`, `.onAppear(perform: { })`. The modifier is the last component of the
    /// closure's callee, written after a `.` (so `Task { }` and a free function `task { }` do not count).
    func modifierClosures(named name: String, in range: TokenRange) -> [(closure: ClosureInfo, modifier: ChainComponent)] {
        // Read in place: only the closures that match are copied.
        let all = bodyAnalysis.closures
        var out: [(closure: ClosureInfo, modifier: ChainComponent)] = []
        for k in closureIndices(in: range) {
            guard let last = all[k].callee.last, last.name == name, kind(last.token - 1) == .period else { continue }
            out.append((all[k], last))
        }
        return out
    }

    /// Whether token `i` starts creating a task: `Task { }`, `Task(priority: .high) { }`,
    /// `Task<Void, Never> { }`, `Task.detached { }`, `Task.init { }`. Not `Task.sleep`,
    /// `Task.isCancelled`, the type in `let t: Task<Void, Never>?`, nor `extension Task { }`.
    func isTaskCreation(at i: Int) -> Bool {
        guard kind(i) == .identifier, isText(i, "Task"), kind(i - 1) != .period else { return false }
        if kind(i - 1) == .keyword, ["extension", "struct", "class", "enum", "protocol", "typealias"].contains(text(i - 1)) { return false }
        if isWord(i - 1, "actor") { return false }
        var next = i + 1
        if isText(next, "<"), !tokens[next].hasSpaceBefore {
            // Skip the generic arguments (bounded).
            var depth = 0, j = next
            while j < min(tokens.count, next + 32) {
                if isText(j, "<") { depth += 1 } else if isText(j, ">") { depth -= 1; if depth == 0 { break } }
                j += 1
            }
            guard depth == 0 else { return false }
            next = j + 1
        }
        if kind(next) == .period, isWord(next + 1, "detached") || isWord(next + 1, "init") { next += 2 }
        return kind(next) == .leftBrace || (kind(next) == .leftParen && !tokens[next].hasSpaceBefore)
    }

    /// The first token of the receiver expression when token `i` is a member written as
    /// `root.member` or `self.root.member` with `root` a plain name: returns (root name, first token,
    /// whether `self.` was written). Nil for longer chains, calls in the receiver, or no receiver.
    func directReceiver(ofMember i: Int) -> (root: String, start: Int, viaSelf: Bool)? {
        guard kind(i - 1) == .period else { return nil }
        var r = i - 2
        // `model?.load()`, `model!.load()`
        if kind(r) == .operator, isText(r, "?") || isText(r, "!"), !tokens[r].hasSpaceBefore { r -= 1 }
        guard kind(r) == .identifier else { return nil }
        if kind(r - 1) == .period {
            guard isWord(r - 2, "self"), kind(r - 3) != .period else { return nil }
            return (name(r), r - 2, true)
        }
        return (name(r), r, false)
    }
}
