/// `state_private_set`: observable state must only be written by its own model.
import MVILintCore

struct StatePrivateSet: Rule {
    static let info = RuleInfo(
        id: "state_private_set",
        title: "Private Setter for Observable State",
        summary: "Observable state of a model should be `private(set)` so that only the model writes it",
        rationale: """
        A model's observable state (`@Published` properties of an ObservableObject, tracked stored \
        properties of an `@Observable` class) is what its views render. When anything can assign it, \
        views and other objects bypass the model's logic and invariants, and state changes can no \
        longer be traced to an intent or a method. Declaring the setter `private(set)` keeps reads \
        public and writes inside the model. The fix inserts `private(set) `, and only where the \
        project still compiles afterwards.
        """,
        details: StatePrivateSet.details,
        category: .state,
        defaults: [.mvvm: .warning, .mvi: .warning],
        fix: .sometimes,
        examples: StatePrivateSet.examplesList)

    /// Only a file's model classes (and their extensions) are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresModel }

    static let facts: [any ProjectFact.Type] = [OutsideWrites.self]

    func check(_ context: inout RuleContext) {
        let project = context.project
        let outsideWrites = project.fact(OutsideWrites.self)
        var fileprivateTypes: Set<ObjectIdentifier>? = nil
        for type in context.file.tree.allTypes where type.kind == .class && project.isModel(type) {
            if fileprivateTypes == nil { fileprivateTypes = context.file.fileprivateTypes() }
            if fileprivateTypes?.contains(ObjectIdentifier(type)) == true { continue }
            // The class's own attribute; the project's word only for a name no other type has
            // (`Carbs.StateModel` is not `@Observable` because `History.StateModel` is).
            let observableMacro = type.header.hasAttribute("Observable")
                || (project.symbol(type.name)?.isDeclaredMoreThanOnce != true && project.isObservableMacroClass(type.name))
            for v in type.variables where !v.isLet && v.isStored && !v.isStatic {
                let isState = observableMacro ? v.isObservationTracked : v.isPublished
                guard isState, v.header.setterAccess > .fileprivate else { continue }
                // A settable requirement of an SDK protocol (`window` of `UIApplicationDelegate`).
                if project.conforms(type.indexName, where: { StatePrivateSet.sdkSettableRequirements[$0]?.contains(v.name) == true }) { continue }
                // A property wrapper's `wrappedValue` is set by every property it wraps.
                if v.name == "wrappedValue" || v.name == "projectedValue", type.header.hasAttribute("propertyWrapper") { continue }
                // A delegate or a callback: set by the owner to wire the model up, not state it shows.
                if isWiring(v, in: context.file, project: project) { continue }
                // A settable requirement of a protocol of the project: reported, without a fix (the
                // conformance would stop compiling), with a note on the protocol, where the design
                // has to change.
                if let requirer = project.protocolRequiringSettable(v.name, of: type) {
                    var notes: [FindingNote] = []
                    if let path = requirer.declarationPath, let location = requirer.declarationLocation {
                        notes.append(FindingNote(path: path, location: location, message: .settableRequirement(v.name, protocol: requirer.name)))
                    }
                    context.report(at: v.nameToken, .requiredSettable(v.name, model: type.name, protocol: requirer.name), notes: notes)
                    continue
                }
                // A property the project binds (`$model.query`) would stop compiling with
                // `private(set)`: the binding has to move into the model first, so no fix.
                let bound = outsideWrites.boundMembers.contains(v.name)
                // So would one that code outside the class's declaration and its extensions in this
                // file writes: a view, another type, a subclass, an extension in another file.
                let writtenElsewhere = outsideWrites.isWrittenOutside(v.name, of: type.name, declaredIn: context.file.path)
                context.report(at: v.nameToken, .writableState(v.name, model: type.name),
                               fix: bound || writtenElsewhere ? nil : privateSetFix(v, in: context.file))
            }
        }
    }

    /// A `weak`/`unowned` reference, or a property of function type (written, through a project
    /// typealias, or from a closure literal as the initial value).
    private func isWiring(_ v: VariableDecl, in file: SourceFile, project: ProjectIndex) -> Bool {
        PropertySummary.isWeakReference(v) || PropertySummary.isFunctionTyped(v, in: file)
            || v.type.map { project.functionTypeAliases.contains($0.baseName) } == true
    }

    /// Settable requirements of UIKit/AppKit delegate protocols that models commonly adopt.
    static let sdkSettableRequirements: [String: Set<String>] = [
        "UIApplicationDelegate": ["window"],
        "UIWindowSceneDelegate": ["window"],
    ]

    /// Replaces a wider setter modifier (`internal(set)`) with `private(set)`, or inserts
    /// `private(set) ` right before `var` (after any access modifier: `public private(set) var`).
    private func privateSetFix(_ v: VariableDecl, in file: SourceFile) -> Fix? {
        let title = "Make the setter of `\(v.name)` `private(set)`"
        if let setter = v.accessModifiers.first(where: { $0.detail == "set" }) {
            return Fix(title: title, edits: [file.replacement(ofTokens: setter.token, through: file.lastToken(of: setter), with: "private(set)")])
        }
        guard let keyword = file.bindingKeyword(of: v) else { return nil }
        return Fix(title: title, edits: [file.insertion("private(set) ", beforeToken: keyword)])
    }
}

private extension String {
    static func writableState(_ name: String, model: String) -> String {
        "`\(name)` is observable state of `\(model)` but can be set from outside it; declare it `private(set)`"
    }
    static func requiredSettable(_ name: String, model: String, protocol p: String) -> String {
        "`\(name)` is observable state of `\(model)` but can be set from outside it: the protocol `\(p)` requires it "
            + "to be settable, so it cannot be `private(set)` until the protocol changes"
    }
    static func settableRequirement(_ name: String, protocol p: String) -> String {
        "`\(p)` requires `\(name)` to be settable (`{ get set }`): require `{ get }` and a method that changes it instead"
    }
}

extension StatePrivateSet {
    /// The rule's decisions, for its page and `mvilint explain --full`.
    static let details = """
    - Exempt: `let`, computed, `static` and `@ObservationIgnored` properties; properties already `private`, \
    `fileprivate`, `private(set)` or `fileprivate(set)`; every member of a `private` or `fileprivate` class (or of a \
    type inside one, or in a `private extension`).
    - Exempt: a property that an SDK protocol requires to be settable (`window` of `UIApplicationDelegate` and \
    `UIWindowSceneDelegate`), and the `wrappedValue` (or `projectedValue`) of a `@propertyWrapper` class, which every \
    property it wraps sets.
    - Exempt: a `weak`/`unowned` reference and a property of function type (`var onDelete: (() -> Void)?`, also \
    through a typealias of the project, or a closure as its initial value): the object that owns the model sets it \
    to wire the model up, as `view_mutates_state` also treats it.
    - A property that a protocol of the project requires to be settable (`var isSelected: Bool { get set }`, also \
    through a protocol it refines or a conformance in an extension) is reported without a fix, with a note on the \
    protocol: `private(set)` would break the conformance, so the protocol is where the design has to change (require \
    `{ get }` and a method that changes the value). A `{ get }` requirement does not stop the fix.
    - The fix is offered only where no code outside the class's own declaration and its extensions in the same file \
    writes the property, so that a fixed project still compiles: `private(set)` lets only that code write it. Code \
    that withholds the fix: a view (`model.orders.append(order)`, `model.count = 0`), another type or a function \
    (also in the class's file), a subclass, an extension in another file (`_tint = value` in \
    `Settings+Appearance.swift`), an `inout` argument (`&model.count`), a write through a key path \
    (`model[keyPath: \\.count] = 0`, `.assign(to: \\.count, on: model)`), in test code too. The finding stays \
    either way: the writes have to move into the model.
    - A property that a view binds through its model's projected value (`TextField("Search", text: $model.query)`, \
    which the `mvvm` profile accepts) is reported without a fix: the binding has to go through the model first (a \
    `Binding(get:set:)` whose setter calls a method of it). Bindings are matched by the member's name, in any file; \
    `Bindable(model).query` counts as a write of `query` on `model`.
    - The instance written is worked out from the code around the write: `self`, stored properties and parameters by \
    their declared types, locals made by a construction (`let model = Model()`) or taken from another name \
    (`guard let model = self.model`, `if let`, an optional chain), `Type.shared`, locals of `#Preview` bodies. A \
    write of a member of that name on an instance whose type is not known there (a closure's parameter, `$0`, a \
    function's result) withholds the fix too, as it may be the model; one on an instance of another type, a write \
    of a static property, or one through a property that holds an object (`model.engine.rate = 2` writes the \
    engine's `rate`, not the model's `engine`) does not.
    """
}
