/// Stored properties as the project index keeps them, so that a type's extensions in other files see them.

/// A stored instance property of a type: enough to tell what it holds and how it is wrapped.
/// The index keeps one for every stored property of the project (700 000 on a project of
/// 100 000 files), so it is kept to three strings and seven bytes: 56 bytes rather than 80.
public struct PropertySummary: Sendable {
    public var name: String
    /// The annotated type's base name, else the type that the initial value constructs
    /// (`Foo(…)`, `Foo.init(…)`, `Module.Foo(…)`, `Foo { … }`) or whose shared instance it is
    /// (`Foo.shared`, `Foo.default`, `Foo.current`, `Foo.instance`); nil when none tells.
    public var typeName: String?
    /// The first property wrapper as written, whitespace removed: its base name, then its
    /// arguments in parentheses when it has some (`StateObject`, `Environment(SettingsModel.self)`).
    var wrapperText: String?
    public var isLet: Bool
    public var hasInitializer: Bool
    /// The annotation is a function type (`() -> Void`, `@escaping (Int) -> Void`), or, with no
    /// annotation, the initial value is a closure literal (`var onClose = {}`).
    public var isFunctionTyped: Bool
    /// The annotation is an array or dictionary written with brackets (`[Task]`, `[String: Item]?`):
    /// `typeName` is then the element's type, not the property's.
    public var isBracketCollection: Bool
    /// Declared `weak` or `unowned`: a reference to another object, never a value the type owns.
    public var isWeakReference: Bool
    /// The annotation is optional (`Model?`, `Optional<Model>`).
    public var isOptional: Bool
    /// Declared access level (`internal` when none is written).
    public var access: AccessLevel

    /// Base name of the first property wrapper (`StateObject`, `Environment`, `Binding`); nil for none.
    public var wrapper: String? {
        guard let text = wrapperText else { return nil }
        // Searched as bytes: a search by `Character` breaks the text into grapheme clusters.
        guard let open = text.utf8.firstIndex(of: UInt8(ascii: "(")) else { return text }
        return String(text[..<open])
    }

    /// The wrapper's argument text, whitespace removed (`SettingsModel.self`, `\.dismiss`); nil
    /// when the wrapper has no argument list.
    public var wrapperArguments: String? {
        guard let text = wrapperText, let open = text.utf8.firstIndex(of: UInt8(ascii: "(")), text.utf8.last == UInt8(ascii: ")") else { return nil }
        return String(text[text.index(after: open)..<text.index(before: text.endIndex)])
    }

    public init(name: String, typeName: String?, wrapper: String?, wrapperArguments: String?, isLet: Bool, hasInitializer: Bool, isFunctionTyped: Bool,
                isBracketCollection: Bool = false, isWeakReference: Bool = false, isOptional: Bool = false, access: AccessLevel) {
        self.name = name; self.typeName = typeName
        self.wrapperText = wrapper.map { w in wrapperArguments.map { w + "(" + $0 + ")" } ?? w }
        self.isLet = isLet; self.hasInitializer = hasInitializer
        self.isFunctionTyped = isFunctionTyped; self.isBracketCollection = isBracketCollection
        self.isWeakReference = isWeakReference; self.isOptional = isOptional; self.access = access
    }

    /// For `@Environment(Model.self)`: the type it reads (`Model`); nil for a key path
    /// (`@Environment(\.dismiss)`) and for every other wrapper.
    public var environmentType: String? {
        guard wrapper == "Environment", let args = wrapperArguments else { return nil }
        return PropertySummary.environmentType(inArguments: args)
    }

    /// The type named by `@Environment`'s arguments (whitespace removed) when they are `T.self`
    /// (`Settings.self`, `Module.Settings.self`); nil for a key path (`\.dismiss`) or anything else.
    public static func environmentType(inArguments text: String) -> String? {
        guard text.hasSuffix(".self"), !text.hasPrefix("\\") else { return nil }
        return TypeRef.baseName(of: String(text.dropLast(".self".count)))
    }

    /// The annotation is a function type, or, with no annotation, the initial value is a closure
    /// literal (`var onClose = {}`).
    public static func isFunctionTyped(_ v: VariableDecl, in file: SourceFile) -> Bool {
        v.type?.isFunctionType ?? v.initializer.map { file.kind($0.lowerBound) == .leftBrace && file.partner($0.lowerBound) == $0.upperBound - 1 } ?? false
    }

    /// Declared `weak` or `unowned`.
    public static func isWeakReference(_ v: VariableDecl) -> Bool {
        v.header.modifiers.contains { $0.name == "weak" || $0.name == "unowned" }
    }

    /// Summarises a stored property of `file`.
    public init(variable v: VariableDecl, in file: SourceFile) {
        let wrapper = v.wrappers.first
        self.init(name: v.name,
                  typeName: PropertySummary.typeName(of: v, in: file),
                  wrapper: wrapper?.baseName,
                  wrapperArguments: wrapper?.arguments.map { file.text(of: $0, compact: true) },
                  isLet: v.isLet, hasInitializer: v.initializer != nil,
                  // A closure literal as the initial value (`var onClose = {}`) gives a function type too.
                  isFunctionTyped: PropertySummary.isFunctionTyped(v, in: file),
                  isBracketCollection: v.type?.text.hasPrefix("[") ?? false,
                  isWeakReference: PropertySummary.isWeakReference(v),
                  isOptional: v.type?.isOptional ?? false,
                  access: v.header.access)
    }

    /// The annotated type's base name, else the type that the initial value constructs or whose
    /// shared instance it is, else the type that a property wrapper's argument names
    /// (`@Environment(Backend.self)`, `@Injected(Backend.self)`); nil when none tells.
    public static func typeName(of v: VariableDecl, in file: SourceFile) -> String? {
        v.type?.baseName ?? v.initializer.flatMap { constructedName(in: $0, file: file) ?? sharedInstanceType(in: $0, file: file) }
            ?? wrapperArgumentType(of: v, in: file)
    }

    /// The type that a property wrapper's first, unlabelled argument names as `T.self`
    /// (`@Environment(Backend.self)`, `@Injected(Module.Backend.self)`, `@Inject(Backend.self, name: "live")`):
    /// the wrapper hands out a value of that type. Nil for a key path (`@Environment(\.dismiss)`),
    /// a labelled argument, a generic type, or no argument.
    public static func wrapperArgumentType(of v: VariableDecl, in file: SourceFile) -> String? {
        wrapperArgumentTypeToken(of: v, in: file).map(file.name)
    }

    /// The token of the type name that `wrapperArgumentType` reads (`Backend` of `Backend.self`).
    public static func wrapperArgumentTypeToken(of v: VariableDecl, in file: SourceFile) -> Int? {
        for w in v.wrappers {
            guard let args = w.arguments, file.kind(args.lowerBound) == .identifier, file.beginsWithCapital(args.lowerBound) else { continue }
            var i = args.lowerBound
            // `Module.Backend.self`: the last name before `.self`.
            while file.kind(i + 1) == .period, file.kind(i + 2) == .identifier, i + 2 < args.upperBound { i += 2 }
            guard file.kind(i + 1) == .period, file.isWord(i + 2, "self"), i + 3 == args.upperBound || file.kind(i + 3) == .comma else { continue }
            return i
        }
        return nil
    }

    /// The simple type name an initial value constructs: the last capitalised component of a
    /// possibly module-qualified name directly followed by `(`, `.init(` or `{` (generic arguments
    /// skipped). `try`/`await` in front are skipped; anything else yields nil, and so does a
    /// member of the new instance (`Bootstrap().store` is not a `Bootstrap`).
    static func constructedName(in range: TokenRange, file: SourceFile) -> String? {
        var i = range.lowerBound
        while i < range.upperBound, file.isWord(i, "try") || file.isWord(i, "await") { i += 1 }
        guard i < range.upperBound, file.kind(i) == .identifier, file.beginsWithCapital(i) else { return nil }
        let name = file.lastCapitalisedComponent(from: i)
        var next = name + 1
        if file.isText(next, "<"), let close = (next..<min(range.upperBound, next + 64)).first(where: { file.isText($0, ">") }) { next = close + 1 }
        if file.kind(next) == .period, file.isWord(next + 1, "init") { next += 2 }
        let opens = (file.kind(next) == .leftParen && !file.tokens[next].hasSpaceBefore) || (file.kind(next) == .leftBrace && next < range.upperBound)
        guard opens, var end = file.partner(next), end > next else { return opens ? file.name(name) : nil }
        // A trailing closure after the arguments: `Foo(bar) { … }`.
        if file.kind(next) == .leftParen, file.kind(end + 1) == .leftBrace, end + 1 < range.upperBound, let close = file.partner(end + 1), close > end { end = close }
        var after = end + 1
        if file.isText(after, "?") || file.isText(after, "!") { after += 1 }
        if after < range.upperBound, file.kind(after) == .period || file.kind(after) == .leftBracket, !file.tokens[after].isAtLineStart || file.kind(after) == .period {
            return nil
        }
        return file.name(name)
    }

    /// `Foo.shared` (or `Module.Foo.shared`), the whole initial value: by convention an instance of
    /// `Foo`. Also the other `sharedInstanceNames`.
    public static func sharedInstanceType(in range: TokenRange, file: SourceFile) -> String? {
        guard range.lowerBound < range.upperBound, file.kind(range.lowerBound) == .identifier, file.beginsWithCapital(range.lowerBound) else { return nil }
        let i = file.lastCapitalisedComponent(from: range.lowerBound)
        guard file.kind(i + 1) == .period, i + 3 == range.upperBound, file.kind(i + 2) == .identifier || file.kind(i + 2) == .keyword,
              sharedInstanceNames.contains(file.name(i + 2)) else { return nil }
        return file.name(i)
    }

    /// Names by which a type hands out its shared instance (`Foo.shared`, `Bundle.main`).
    public static let sharedInstanceNames: Set<String> = ["shared", "share", "default", "current", "instance", "sharedInstance", "standard", "main", "singleton"]

    /// Whether a member so named may hand out a shared instance rather than make a new one: a
    /// name of `sharedInstanceNames`, or one that starts with one (`sharedStore()`, `currentUser()`).
    public static func mayNameSharedInstance(_ member: String) -> Bool {
        let lower = member.lowercased()
        return lowercasedSharedInstanceNames.contains { lower.hasPrefix($0) }
    }
    private static let lowercasedSharedInstanceNames: [String] = sharedInstanceNames.map { $0.lowercased() }
}
