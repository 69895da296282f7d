/// Types as the whole project sees them: symbols, and the fields that few types have.

/// A type as the whole project sees it: its declaration merged with all its extensions.
public struct TypeSymbol: Sendable {
    // Wide fields first and one-byte fields last: the index holds one symbol per project type,
    // and this order (with the rare fields out of line) packs a symbol into 80 bytes rather than 128.
    public var name: String
    /// Direct supertypes and conformances, from the declaration and every extension.
    public var inherited: [String] = []
    public var publishedNames: [String] = []
    /// Stored instance properties of the primary declaration(s).
    public var storedProperties: [PropertySummary] = []
    /// Tracked names, protocol requirements and static property types, merged (`TypeExtras`).
    public var extraFields: [TypeExtras] = []
    /// Where the primary declaration is.
    public var declarationPath: String?
    public var declarationLocation: SourceLocation?
    /// Kind of the primary declaration; nil when only extensions were seen.
    public var kind: TypeKind?
    /// Whether the primary declaration is `@MainActor` (an `@MainActor` extension does not count).
    public var isMainActorAttribute = false
    public var isObservableMacro = false
    public var isNonisolated = false
    /// Whether two or more primary declarations have this simple name (nested `Coordinator`s of
    /// different views): what the name inherits is then theirs together.
    public var isDeclaredMoreThanOnce = false
    /// Whether two primary declarations of this simple name are of different kinds (a class
    /// `Item` and a struct `Layout.Item`): `kind` is then only the first one's.
    public var hasNamesakesOfOtherKinds = false
    /// An enum one of whose cases has associated values.
    public var hasAssociatedValues = false
    /// A SwiftData `@Model` class, whose persisted properties Observation tracks.
    public var isSwiftDataModel = false
    /// One of its declarations or extensions declares a property named `id`.
    public var declaresID = false
    /// A primary declaration is a `@dynamicMemberLookup` class.
    public var hasDynamicMemberLookup = false
    /// Whether an extension of the type is declared in a file other than its declaration's.
    public var isExtendedElsewhere = false

    public init(name: String) { self.name = name }
}

/// The fields that few types have, kept out of line: a type entry or symbol holds them in a
/// one-element array only when one of them is not empty. The index keeps 300 000 entries and
/// 190 000 symbols on a project of 100 000 files; inline, these four lists would take 32 bytes
/// in each (15 MB), for the few protocols, `@Observable` classes and types with static members.
public struct TypeExtras: Sendable {
    /// For an `@Observable` class: its stored instance `var`s without `@ObservationIgnored` (its
    /// observable state); empty for every other type. Only the primary declaration's count.
    public var trackedNames: [String] = []
    /// For a protocol: its property requirements declared `{ get set }`.
    public var settableRequirements: [String] = []
    /// For a protocol: all of its property requirements (`{ get }` included).
    public var propertyRequirements: [String] = []
    /// For a protocol: its instance method requirements marked `@MainActor`, whose witnesses in a
    /// declaration that states the conformance are isolated to the main actor too.
    public var mainActorRequirements: [String] = []
    /// Static properties whose type is written or made by the initial value: name, type. For a
    /// symbol, those of the declaration and of every extension.
    public var staticPropertyTypes: [FileSummary.StaticPropertyType] = []

    public init(trackedNames: [String] = [], settableRequirements: [String] = [], propertyRequirements: [String] = [],
                mainActorRequirements: [String] = [], staticPropertyTypes: [FileSummary.StaticPropertyType] = []) {
        self.trackedNames = trackedNames; self.settableRequirements = settableRequirements
        self.propertyRequirements = propertyRequirements; self.mainActorRequirements = mainActorRequirements
        self.staticPropertyTypes = staticPropertyTypes
    }

    var isEmpty: Bool {
        trackedNames.isEmpty && settableRequirements.isEmpty && propertyRequirements.isEmpty && mainActorRequirements.isEmpty
            && staticPropertyTypes.isEmpty
    }
}

/// A type entry or symbol, with its `TypeExtras` read and written as fields.
public protocol TypeExtrasHolding {
    /// Empty, or the one `TypeExtras` that is not empty.
    var extraFields: [TypeExtras] { get set }
}

extension TypeExtrasHolding {
    public var extras: TypeExtras {
        get { extraFields.first ?? TypeExtras() }
        set { extraFields = newValue.isEmpty ? [] : [newValue] }
    }
    public var trackedNames: [String] { extraFields.first?.trackedNames ?? [] }
    public var settableRequirements: [String] { extraFields.first?.settableRequirements ?? [] }
    public var propertyRequirements: [String] { extraFields.first?.propertyRequirements ?? [] }
    public var mainActorRequirements: [String] { extraFields.first?.mainActorRequirements ?? [] }
    public var staticPropertyTypes: [FileSummary.StaticPropertyType] { extraFields.first?.staticPropertyTypes ?? [] }
}

extension FileSummary.TypeEntry: TypeExtrasHolding {}
extension TypeSymbol: TypeExtrasHolding {}
