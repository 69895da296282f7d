/// What the index answers about a type: observable models and their state, views, Core Data entities, isolation.

extension ProjectIndex {

    /// An ObservableObject class, resolved through the project; an unresolved name counts when it
    /// ends with one of the model suffixes.
    public func isObservableObject(_ name: String) -> Bool {
        let r = resolve(name)
        if let id = names.symbol(r), observableObjects.contains(Int(id)) { return symbolTable[Int(id)].kind != .protocol }
        if isDeclared(r) { return false }
        return modelSuffixes.contains { r.hasNameSuffix($0) && r != $0 } || modelSuffixes.contains(r)
    }

    /// A class marked `@Observable`.
    public func isObservableMacroClass(_ name: String) -> Bool {
        guard let id = resolvedID(name) else { return false }
        return symbolTable[Int(id)].isObservableMacro && symbolTable[Int(id)].kind == .class
    }

    /// Either kind of observable model.
    public func isObservableModel(_ name: String) -> Bool { isObservableObject(name) || isObservableMacroClass(name) }

    /// Names of the observable state of model `name`: `@Published` properties of an
    /// ObservableObject, tracked stored properties of an `@Observable` class; empty otherwise.
    public func observableState(of name: String) -> Set<String> {
        guard let s = symbol(name) else { return [] }
        if isObservableMacroClass(name) { return Set(s.trackedNames) }
        if isObservableObject(name) { return Set(s.publishedNames) }
        return []
    }

    /// A type that conforms to View, ViewModifier, App or Scene.
    public func isViewLike(_ name: String) -> Bool { flagged(resolve(name), in: viewLike) }

    /// Whether a declaration (or extension) of kind `kind` of the type `name` (an extension's
    /// extended type) is view-like: the type is, or the declaration itself names `View`,
    /// `ViewModifier`, `App` or `Scene` (`inheritsViewProtocol`). Protocols are not.
    public func isViewLike(kind: TypeKind, name: String, inheritsViewProtocol: Bool) -> Bool {
        kind != .protocol && (inheritsViewProtocol || isViewLike(name))
    }

    /// Whether a declaration of kind `kind` of the type `name` (an extension's extended type)
    /// is, or extends, an observable model class. `hasObservableAttribute`: the declaration is
    /// marked `@Observable`.
    /// `inherited`: the declaration's own list of supertypes (base names). It decides for a class
    /// whose name is declared more than once, since the index merges what all of them inherit.
    /// A Core Data entity (`isCoreDataEntity`) or a SwiftData `@Model` class is not a model, even
    /// marked `@Observable` or adopting ObservableObject: its instances belong to their contexts,
    /// background ones included.
    public func isModel(kind: TypeKind, name: String, hasObservableAttribute: Bool, inherited: [String]) -> Bool {
        if kind == .class || kind == .extension, isCoreDataEntity(name) || symbol(name)?.isSwiftDataModel == true { return false }
        switch kind {
        case .class:
            if hasObservableAttribute { return true }
            if let id = resolvedID(name), symbolTable[Int(id)].isDeclaredMoreThanOnce {
                // A supertype that is an ObservableObject, or a protocol that refines it.
                return inherited.contains { $0 != name && ($0 == "ObservableObject" || isObservableObject($0) || flagged(resolve($0), in: observableObjects)) }
            }
            return isObservableObject(name) && self.kind(of: name) == .class || isObservableMacroClass(name)
        case .extension: return self.kind(of: name) == .class && isObservableModel(name)
        default: return false
        }
    }

    /// A Core Data entity: a class of the project that inherits from `NSManagedObject`, or one
    /// that Xcode generates from the project's model (`coreDataEntityClasses`).
    public func isCoreDataEntity(_ name: String) -> Bool {
        let r = resolve(name)
        return coreDataEntityClasses.contains(r) || flagged(r, in: coreDataEntities)
    }

    /// A type that conforms to App or Scene (a composition root).
    public func isAppOrScene(_ name: String) -> Bool { flagged(resolve(name), in: appOrScene) }

    /// Main-actor isolation of a class from attributes on it, its superclasses or its protocols.
    public func hasMainActorAttribute(_ name: String) -> Bool { flagged(resolve(name), in: mainActorTypes) }

    /// Whether a file at `path` defaults to MainActor isolation.
    public func isDefaultMainActor(path: String) -> Bool {
        if defaultMainActorEverywhere { return true }
        // A single file (an Xcode target's member) matches exactly; a directory ends with `/` and
        // covers the files under it, except those that an Xcode folder leaves out of its target
        // (written with a leading `!`).
        if defaultMainActorDirectories.contains(path) { return true }
        var inDirectory = false
        for entry in defaultMainActorDirectories {
            if entry.hasPrefix("!") {
                if entry.utf8.dropFirst().elementsEqual(path.utf8) { return false }
            } else if entry.hasSuffix("/") && path.hasPrefix(entry) {
                inDirectory = true
            }
        }
        return inDirectory
    }

    /// Main-actor isolation of a model declared in `path`, as the rules define it: an attribute on
    /// it, a superclass or a protocol, else the default isolation of its file unless it is `nonisolated`.
    public func isMainActorIsolated(_ name: String, declaredIn path: String) -> Bool {
        if hasMainActorAttribute(name) { return true }
        if symbol(name)?.isNonisolated == true { return false }
        return isDefaultMainActor(path: path)
    }
}

extension TypeDecl {
    /// Whether the declaration itself lists a SwiftUI view protocol (`View`, `ViewModifier`,
    /// `App`, `Scene`; not one qualified by another name, `FileSummary.inheritedName`).
    public var inheritsViewProtocol: Bool {
        inherited.contains { ProjectIndex.viewProtocolNames.contains(FileSummary.inheritedName($0)) }
    }
}
