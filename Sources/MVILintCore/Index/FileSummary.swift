/// What one file contributes to the project index: its types, typealiases, view-graph part and rule facts.

/// What one file contributes to the index (small, so that the whole project's summaries stay in memory).
public struct FileSummary: Sendable {
    public struct TypeEntry: Sendable {
        public var kind: TypeKind
        /// Simple name (for an extension, the extended type's last component).
        public var name: String
        public var inherited: [String]
        public var isMainActor: Bool
        public var isObservableMacro: Bool
        public var isNonisolated: Bool
        public var location: SourceLocation
        /// `@Published` instance properties (observable state of an ObservableObject).
        public var publishedNames: [String]
        /// Stored instance properties, for rules that look at a type from its extensions.
        public var storedProperties: [PropertySummary] = []
        /// For an enum: a case has associated values (so it is not `Equatable` unless it says so).
        public var hasAssociatedValues = false
        /// A SwiftData `@Model` class: Observation tracks its persisted properties.
        public var isSwiftDataModel = false
        /// It declares a property named `id` (stored or computed).
        public var declaresID = false
        /// A `@dynamicMemberLookup` class: a member it does not declare is its subscript's.
        public var hasDynamicMemberLookup = false
        public var extraFields: [TypeExtras] = []

        public init(kind: TypeKind, name: String, inherited: [String], isMainActor: Bool, isObservableMacro: Bool, isNonisolated: Bool,
                    location: SourceLocation, publishedNames: [String], storedProperties: [PropertySummary], hasAssociatedValues: Bool, extras: TypeExtras) {
            self.kind = kind; self.name = name; self.inherited = inherited; self.isMainActor = isMainActor
            self.isObservableMacro = isObservableMacro; self.isNonisolated = isNonisolated; self.location = location
            self.publishedNames = publishedNames; self.storedProperties = storedProperties
            self.hasAssociatedValues = hasAssociatedValues
            self.extras = extras
        }
    }
    public struct StaticPropertyType: Sendable { public var name: String; public var type: String }
    public var path: String
    public var types: [TypeEntry] = []
    /// typealias name → base name of its target.
    public var aliases: [(String, String)] = []
    /// Typealiases of a function type (`typealias Completion = (Result<Int, Error>) -> Void`).
    public var functionAliases: [String] = []
    /// Construction sites and environment provisions (`ViewGraph.swift`).
    public var viewGraph: ViewGraphSummary? = nil
    /// Modules the file re-exports (`@_exported import ComposableArchitecture`).
    public var exportedImports: [String] = []
    /// Dependencies registered for key-path injection: property name → base name of its type
    /// (`extension EnvironmentValues { var loginUseCase: any LoginUseCase { … } }`,
    /// `extension Container { var signUp: Factory<SignUpUseCase> { … } }`).
    public var keyPathDependencies: [(String, String)] = []
    /// What the file contributes to the facts that the enabled rules collect (`ProjectFact`).
    public var facts = FileFacts()

    public init(path: String) { self.path = path }

    /// The name under which an inherited type joins the inheritance graph: its last component,
    /// except for SwiftUI's view protocols qualified by another name (`Platform.View`, a project's
    /// alias of `UIView`), which keep the qualifier so that they are not taken for SwiftUI's.
    public static func inheritedName(_ t: TypeRef) -> String {
        guard ProjectIndex.viewProtocolNames.contains(t.baseName), t.qualifiedBase != t.baseName,
              t.qualifiedBase != "SwiftUI." + t.baseName else { return t.baseName }
        return t.qualifiedBase
    }

    /// Extracts the summary of a parsed file, without rule facts (`Linter` adds those it collects).
    public init(file: SourceFile) {
        self = FileSummary.summary(of: file)
    }

    /// The summary of a parsed file, built in a local and handed over whole (built on `self` in
    /// the initializer, it was copied once more on the way out).
    static func summary(of file: SourceFile) -> FileSummary {
        var s = FileSummary(path: file.path)
        s.summarise(file)
        return s
    }

    private mutating func summarise(_ file: SourceFile) {
        // Exact capacity: the summaries of the whole project stay in memory.
        types.reserveCapacity(file.tree.allTypes.count)
        for t in file.tree.allTypes {
            let name = t.kind == .extension ? t.extendedBaseName : t.name
            types.append(TypeEntry(kind: t.kind, name: name, inherited: t.inherited.map(FileSummary.inheritedName),
                                   isMainActor: t.header.isMainActor,
                                   isObservableMacro: t.header.hasAttribute("Observable"),
                                   isNonisolated: t.header.hasModifier("nonisolated"),
                                   location: file.location(ofToken: t.nameToken),
                                   publishedNames: t.variables.filter(\.isPublished).map(\.name),
                                   storedProperties: t.variables.filter { $0.isStored && !$0.isStatic }.map { PropertySummary(variable: $0, in: file) },
                                   hasAssociatedValues: t.kind == .enum && FileSummary.hasAssociatedValues(t, in: file),
                                   extras: TypeExtras(
                                    // Only an `@Observable` class tracks its properties (the macro goes on the
                                    // class declaration): no list for every other type.
                                    trackedNames: t.kind == .class && t.header.hasAttribute("Observable")
                                        ? t.variables.filter(\.isObservationTracked).map(\.name) : [],
                                    settableRequirements: t.kind == .protocol ? t.variables.filter { v in
                                        guard let o = v.accessorOpen, let c = v.accessorClose, o < c else { return false }
                                        return (o..<c).contains { file.isWord($0, "set") }
                                    }.map(\.name) : [],
                                    propertyRequirements: t.kind == .protocol ? t.variables.filter { !$0.isStatic }.map(\.name) : [],
                                    mainActorRequirements: t.kind == .protocol
                                        ? t.functions.filter { $0.header.isMainActor && !$0.header.isStatic }.map(\.name) : [],
                                    staticPropertyTypes: FileSummary.staticPropertyTypes(of: t, in: file))))
            if t.kind == .class, t.header.hasAttribute("Model"), file.tree.imports.contains("SwiftData") { types[types.count - 1].isSwiftDataModel = true }
            if t.variables.contains(where: { $0.name == "id" && !$0.isStatic }) { types[types.count - 1].declaresID = true }
            if t.kind == .class, t.header.hasAttribute("dynamicMemberLookup") { types[types.count - 1].hasDynamicMemberLookup = true }
        }
        // A test file imports XCTest or Testing, or imports the app's module `@testable`.
        // An alias declared inside a type of a test file names a type for those tests only
        // (`typealias Store = TestStore<…>` in a test case): it does not rename the type for the
        // rest of the project.
        let isTestFile = file.isTestCode
        for a in file.tree.typeAliases where a.outerNames.isEmpty || !isTestFile {
            if let target = a.target { aliases.append((a.name, target.baseName)) }
            if a.target?.isFunctionType == true { functionAliases.append(a.name) }
        }
        viewGraph = ViewGraphSummary(file: file)
        exportedImports = file.tree.exportedImports
        keyPathDependencies = FileSummary.keyPathDependencies(in: file)
    }

    /// The instance properties of `InjectionContainers.keyPathContainers`, as (name, type).
    static func keyPathDependencies(in file: SourceFile) -> [(String, String)] {
        var out: [(String, String)] = []
        for t in file.tree.allTypes {
            let name = t.kind == .extension ? t.extendedBaseName : t.name
            guard InjectionContainers.keyPathContainers.contains(name) || t.inherited.contains(where: { InjectionContainers.containerBases.contains($0.baseName) }) else { continue }
            for v in t.variables where !v.isStatic {
                guard let type = v.type else { continue }
                var base = type.baseName
                if InjectionContainers.registrationWrappers.contains(base) {
                    // `Factory<SignUpUseCase>` registers a `SignUpUseCase`.
                    let text = type.text
                    guard let open = text.firstIndex(of: "<"), let close = text.lastIndex(of: ">"), open < close else { continue }
                    base = TypeRef.baseName(of: String(text[text.index(after: open)..<close]))
                }
                if !base.isEmpty { out.append((v.name, base)) }
            }
        }
        return out
    }

    /// The static properties of `t` whose type is written (`static let preview: AppModel`) or made
    /// by the initial value (`static let preview = AppModel()`, `= AppModel.shared`).
    static func staticPropertyTypes(of t: TypeDecl, in file: SourceFile) -> [StaticPropertyType] {
        var out: [StaticPropertyType] = []
        for v in t.variables where v.isStatic {
            if let type = PropertySummary.typeName(of: v, in: file), !type.isEmpty {
                out.append(StaticPropertyType(name: v.name, type: type))
            } else if v.type == nil, let r = v.initializer, let literal = literalTypeName(at: r.lowerBound, in: file) {
                // `static let defaultTags = ["red", "blue"]`: a literal's type.
                out.append(StaticPropertyType(name: v.name, type: literal))
            }
        }
        return out
    }

    /// `Array`, `String`, `Int`, `Double` or `Bool` for a literal at `i` (`[…]`, `"…"`, `42`,
    /// `true`); nil for any other expression.
    static func literalTypeName(at i: Int, in file: SourceFile) -> String? {
        switch file.kind(i) {
        case .leftBracket: return "Array"
        case .stringLiteral: return "String"
        case .integerLiteral: return "Int"
        case .floatLiteral: return "Double"
        default: return file.isWord(i, "true") || file.isWord(i, "false") ? "Bool" : nil
        }
    }

    /// Whether one of an enum's cases has associated values (`case live(Reader)`).
    static func hasAssociatedValues(_ t: TypeDecl, in file: SourceFile) -> Bool {
        t.members.contains { m in
            guard case .other(let r) = m, r.lowerBound < r.upperBound else { return false }
            var k = r.lowerBound
            if file.isText(k, "indirect") { k += 1 }
            return file.isWord(k, "case") && (k..<r.upperBound).contains { file.kind($0) == .leftParen }
        }
    }
}
