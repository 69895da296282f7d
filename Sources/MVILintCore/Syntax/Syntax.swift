/// The AST-lite: declarations the structure pass extracts from a token stream.
///
/// Positions are token indices into `SourceFile.tokens`; bodies are kept as token ranges and
/// analysed on demand (`BodyAnalysis`). Declarations are immutable once parsed, except for caches
/// filled on first use (a function's parameters), like `SourceFile`'s: a file is checked by one
/// thread at a time.

/// A half-open range of token indices.
public typealias TokenRange = Range<Int>

/// An attribute such as `@MainActor`, `@Published`, `@Environment(\.dismiss)`.
public struct Attribute: Sendable {
    /// Name without `@`, qualified names kept whole (`Observation.Observable`).
    public var name: String { didSet { baseName = TypeRef.lastComponent(of: name) } }
    /// Token index of the (first) name token.
    public var nameToken: Int
    /// Token index of `@`.
    public var atToken: Int
    /// Tokens strictly inside the argument parentheses, if any.
    public var arguments: TokenRange?
    /// Name with any module qualifier removed (`Observation.Observable` → `Observable`); stored,
    /// because rules compare it very often.
    public private(set) var baseName: String

    public init(name: String, nameToken: Int, atToken: Int, arguments: TokenRange?) {
        self.name = name; self.nameToken = nameToken; self.atToken = atToken; self.arguments = arguments
        self.baseName = TypeRef.lastComponent(of: name)
    }
}

/// A declaration modifier: `private`, `private(set)`, `static`, `nonisolated`, `final`, …
public struct Modifier: Sendable {
    public var name: String
    /// `set` for `private(set)`, `unsafe` for `nonisolated(unsafe)`, nil otherwise.
    public var detail: String?
    public var token: Int
}

/// Access levels in increasing order of visibility.
public enum AccessLevel: Int, Comparable, Sendable {
    case `private`, `fileprivate`, `internal`, `package`, `public`, `open`
    public static func < (a: AccessLevel, b: AccessLevel) -> Bool { a.rawValue < b.rawValue }
    init?(keyword: String) {
        switch keyword {
        case "private": self = .private
        case "fileprivate": self = .fileprivate
        case "internal": self = .internal
        case "package": self = .package
        case "public": self = .public
        case "open": self = .open
        default: return nil
        }
    }
}

/// Attributes and modifiers shared by every declaration.
public struct DeclHeader: Sendable {
    public var attributes: [Attribute] = []
    public var modifiers: [Modifier] = []
    /// Index of the first token of the declaration (its first attribute or modifier).
    public var firstToken: Int = 0

    public func hasAttribute(_ baseName: String) -> Bool { attributes.contains { $0.baseName == baseName } }
    public func attribute(_ baseName: String) -> Attribute? { attributes.first { $0.baseName == baseName } }
    public func hasModifier(_ name: String) -> Bool { modifiers.contains { $0.name == name && $0.detail == nil } }
    /// Declared access level, `internal` when none is written.
    public var access: AccessLevel {
        for m in modifiers where m.detail == nil { if let a = AccessLevel(keyword: m.name) { return a } }
        return .internal
    }
    /// Access level of the setter: `private(set)` etc., else the declared access.
    public var setterAccess: AccessLevel {
        for m in modifiers where m.detail == "set" { if let a = AccessLevel(keyword: m.name) { return a } }
        return access
    }
    public var isStatic: Bool { hasModifier("static") || hasModifier("class") }
    public var isNonisolated: Bool { modifiers.contains { $0.name == "nonisolated" && $0.detail != "unsafe" } }
    public var isMainActor: Bool { hasAttribute("MainActor") }
}

/// A type as written: `[Item]?`, `any UserRepository`, `StateObject<ProfileViewModel>`.
public struct TypeRef: Sendable {
    /// Source text with whitespace removed.
    public let text: String
    public let tokens: TokenRange
    /// The principal nominal name, after stripping `any`, `some`, optionals, arrays, dictionaries'
    /// values, `inout`, attributes and generic arguments: `[any FooRepository]?` → `FooRepository`,
    /// `Swift.Array<Foo>` → `Array`, `Combine.ObservableObject` → `ObservableObject`.
    public let baseName: String
    /// Module-qualified text of the base (`SwiftUI.View` stays qualified), without generics.
    public let qualifiedBase: String

    /// Computes the base names once: rules ask for them many times.
    public init(text: String, tokens: TokenRange) {
        self.text = text
        self.tokens = tokens
        self.qualifiedBase = TypeRef.qualifiedBase(of: text)
        self.baseName = TypeRef.lastComponent(of: qualifiedBase)
    }

    /// A type whose base names are already known (a plain name needs no second look).
    init(text: String, tokens: TokenRange, qualifiedBase: String, baseName: String) {
        self.text = text
        self.tokens = tokens
        self.qualifiedBase = qualifiedBase
        self.baseName = baseName
    }

    /// A function type (`() -> Void`, `@escaping (Int) -> Void`, `Binding<(Int) -> Void>`).
    public var isFunctionType: Bool { text.containsBytes("->") }

    /// An optional type (`Model?`, `Optional<Model>`).
    public var isOptional: Bool { text.hasSuffix("?") || text.hasPrefix("Optional<") }

    /// Wrappers peeled off before the base is found (`[[[T]]]`, `Optional<Optional<T>>`) at most;
    /// deeper nesting is left as it is, which keeps hostile input linear.
    static let maximumPeeling = 64

    public static func qualifiedBase(of text: String) -> String {
        var copy = text
        // `withUTF8` reads a native string in place (no copy, no allocation).
        return copy.withUTF8 { b -> String in
            guard let range = qualifiedBaseRange(b) else { return "" }
            if range == 0..<b.count && !b.contains(UInt8(ascii: " ")) { return text }
            // Copied into a contiguous buffer first (on the stack when small): decoding a lazy
            // filter takes a slow generic path.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { kept -> String in
                var count = 0
                for i in range where b[i] != UInt8(ascii: " ") { kept[count] = b[i]; count += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: kept[0..<count]), as: UTF8.self)
            }
        }
    }

    /// The base names of a tuple type's elements, after the wrappers that `baseName` peels:
    /// `[(url: URL, repo: PackageRepository)]?` → `["URL", "PackageRepository"]`; nil when the type
    /// is not a tuple (its `baseName` is then empty).
    public var tupleElementBaseNames: [String]? {
        var copy = text
        return copy.withUTF8 { b -> [String]? in
            var tuple: Range<Int>? = nil
            _ = TypeRef.qualifiedBaseRange(b, tuple: &tuple)
            guard let r = tuple else { return nil }
            var out: [String] = []
            var depth = 0, start = r.lowerBound, colon: Int? = nil
            for i in r.lowerBound...r.upperBound {
                let c = i == r.upperBound ? UInt8(ascii: ",") : b[i]
                switch c {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
                case UInt8(ascii: ">") where i == 0 || b[i - 1] != UInt8(ascii: "-"): depth -= 1
                case UInt8(ascii: ":") where depth == 0 && colon == nil: colon = i
                case UInt8(ascii: ",") where depth == 0:
                    // `url: URL`: the label is dropped (a `:` at depth 0 can only end a label).
                    let from = colon.map { $0 + 1 } ?? start
                    out.append(TypeRef.baseName(of: String(decoding: UnsafeBufferPointer(rebasing: b[from..<i]), as: UTF8.self)))
                    start = i + 1
                    colon = nil
                default: break
                }
            }
            return out
        }
    }

    /// The byte range of the qualified base in `b` (spaces inside it are still to be removed).
    static func qualifiedBaseRange(_ b: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var tuple: Range<Int>? = nil
        return qualifiedBaseRange(b, tuple: &tuple)
    }

    /// `qualifiedBaseRange(_:)`, which also sets `tuple` to the range inside the parentheses of a
    /// tuple type (and returns nil: a tuple has no principal name).
    static func qualifiedBaseRange(_ b: UnsafeBufferPointer<UInt8>, tuple: inout Range<Int>?) -> Range<Int>? {
        var lo = 0, hi = b.count
        // Fast path: a plain or module-qualified name.
        if hi > 0, !startsAnyOrSomeDot(b), b.allSatisfy({ isNameByte($0) || $0 == UInt8(ascii: ".") }) { return 0..<hi }
        func startsWith(_ word: StaticString, thenSpace: Bool) -> Bool {
            let n = word.utf8CodeUnitCount
            guard hi - lo >= n + (thenSpace ? 1 : 0) else { return false }
            for k in 0..<n where b[lo + k] != word.utf8Start[k] { return false }
            return !thenSpace || b[lo + n] == UInt8(ascii: " ")
        }
        func dropTrailingMarks() { while hi > lo, b[hi - 1] == UInt8(ascii: "?") || b[hi - 1] == UInt8(ascii: "!") { hi -= 1 } }
        func range(is word: StaticString, _ from: Int, _ to: Int) -> Bool {
            word.utf8CodeUnitCount == to - from && (0..<(to - from)).allSatisfy { b[from + $0] == word.utf8Start[$0] }
        }
        peeling: for _ in 0...maximumPeeling {
            while lo < hi, b[lo] == UInt8(ascii: " ") { lo += 1 }
            for word in TypeRef.leadingWords where startsWith(word, thenSpace: true) {
                lo += word.utf8CodeUnitCount + 1
            }
            // Attributes such as `@escaping`, `@Sendable`.
            while lo < hi, b[lo] == UInt8(ascii: "@") {
                guard let space = (lo..<hi).first(where: { b[$0] == UInt8(ascii: " ") }) else { break }
                lo = space + 1
            }
            // `any(P & Q)`, `some[T]`: the keyword runs into a bracket.
            for word in TypeRef.existentialWords where startsWith(word, thenSpace: false) {
                let next = lo + word.utf8CodeUnitCount
                if next < hi, !isNameByte(b[next]) { lo = next }
            }
            dropTrailingMarks()
            guard lo < hi else { return nil }
            if b[lo] == UInt8(ascii: "("), b[hi - 1] == UInt8(ascii: ")") {
                // `(any Renderer)?`: parentheses around the whole type are peeled like an optional;
                // `(A) -> (B)` opens and closes with parentheses that are not one pair.
                var depth = 0, enclosesAll = true, topLevelComma = false
                for i in lo..<(hi - 1) {
                    if b[i] == UInt8(ascii: "(") || b[i] == UInt8(ascii: "[") || b[i] == UInt8(ascii: "<") {
                        depth += 1
                    } else if b[i] == UInt8(ascii: ")") || b[i] == UInt8(ascii: "]") || (b[i] == UInt8(ascii: ">") && b[i - 1] != UInt8(ascii: "-")) {
                        depth -= 1
                    } else if b[i] == UInt8(ascii: ","), depth == 1 {
                        topLevelComma = true
                    }
                    if depth == 0 { enclosesAll = false; break }
                }
                lo += 1
                hi -= 1
                // `(url: URL, repo: Repo)`: a tuple, whose elements are told apart by `tupleElementBaseNames`.
                if enclosesAll && topLevelComma {
                    tuple = lo..<hi
                    return nil
                }
                if enclosesAll { continue peeling }
            }
            guard lo < hi else { return nil }
            if b[lo] == UInt8(ascii: "["), b[hi - 1] == UInt8(ascii: "]") {
                lo += 1
                hi -= 1
                // Dictionary: take the value type.
                var depth = 0
                for i in lo..<max(lo, hi) {
                    let c = b[i]
                    if c == UInt8(ascii: "[") || c == UInt8(ascii: "<") || c == UInt8(ascii: "(") {
                        depth += 1
                    } else if c == UInt8(ascii: "]") || c == UInt8(ascii: ">") || c == UInt8(ascii: ")") {
                        depth -= 1
                    } else if c == UInt8(ascii: ":") && depth == 0 {
                        lo = i + 1
                        break
                    }
                }
                continue peeling
            }
            if let lt = (lo..<hi).first(where: { b[$0] == UInt8(ascii: "<") }) {
                // Optional<T>, Array<T> carry the interesting type inside.
                if range(is: "Optional", lo, lt) || range(is: "Array", lo, lt) || range(is: "Swift.Optional", lo, lt) || range(is: "Swift.Array", lo, lt) {
                    // Drop the last character (the closing `>` in well-formed text).
                    lo = lt + 1
                    if hi > lo { hi -= 1 }
                    while hi > lo, b[hi] & 0xC0 == 0x80 { hi -= 1 }
                    continue peeling
                }
                // `Model<T>.ID`: a type nested in a generic type is named after the arguments.
                var depth = 0, close: Int? = nil
                for i in lt..<hi {
                    if b[i] == UInt8(ascii: "<") { depth += 1 } else if b[i] == UInt8(ascii: ">") {
                        depth -= 1
                        if depth == 0 { close = i; break }
                    }
                }
                if let c = close, c + 2 < hi, b[c + 1] == UInt8(ascii: "."), isNameByte(b[c + 2]) {
                    lo = c + 2
                    continue peeling
                }
                hi = lt
            }
            dropTrailingMarks()
            break
        }
        return lo < hi ? lo..<hi : nil
    }

    /// Words that may stand before a type and are not part of its name (built once: an array
    /// literal in the loop would be allocated on every call).
    static let leadingWords: [StaticString] = ["inout", "any", "some", "borrowing", "consuming", "sending"]
    static let existentialWords: [StaticString] = ["any", "some"]

    /// `any.` or `some.` at the start (not a plain name: the keyword is stripped).
    private static func startsAnyOrSomeDot(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        func starts(_ w: StaticString) -> Bool {
            let n = w.utf8CodeUnitCount
            return b.count > n && b[n] == UInt8(ascii: ".") && (0..<n).allSatisfy { b[$0] == w.utf8Start[$0] }
        }
        return starts("any") || starts("some")
    }

    public static func baseName(of text: String) -> String { lastComponent(of: qualifiedBase(of: text)) }

    /// The text after the last `.`.
    static func lastComponent(of qualified: String) -> String {
        var copy = qualified
        let dot: Int? = copy.withUTF8 { b in
            var i = b.count - 1
            while i >= 0 { if b[i] == UInt8(ascii: ".") { return i }; i -= 1 }
            return nil
        }
        guard let d = dot else { return qualified }
        return String(qualified.utf8.dropFirst(d + 1))!
    }

    /// Letters, digits, `_` and every byte of a non-ASCII character (Unicode identifiers).
    @inline(__always) static func isNameByte(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c >= 0x80
    }
}

public enum TypeKind: String, Sendable {
    case `class`, `struct`, `enum`, `actor`, `protocol`, `extension`
}

/// A class, struct, enum, actor, protocol or extension.
public final class TypeDecl: @unchecked Sendable {
    public let kind: TypeKind
    /// The declared name; for an extension, the extended type as written (`Foo.Bar`, `Array<Int>`).
    public let name: String
    public let nameToken: Int
    public let header: DeclHeader
    public let genericParameters: [String]
    /// Inheritance clause entries in order (superclass first for classes).
    public let inherited: [TypeRef]
    /// Tokens of the `where` clause, if any.
    public let whereClause: TokenRange?
    /// Token indices of `{` and `}`; nil when the body is missing (malformed input).
    public let bodyOpen: Int?
    public let bodyClose: Int?
    public let members: [Member]
    /// Nested type declarations (also present in `members` as `.type`).
    public let nestedTypes: [TypeDecl]
    /// Names of enclosing types, outermost first.
    public let outerNames: [String]

    public init(kind: TypeKind, name: String, nameToken: Int, header: DeclHeader, genericParameters: [String], inherited: [TypeRef], whereClause: TokenRange?, bodyOpen: Int?, bodyClose: Int?, members: [Member], outerNames: [String]) {
        self.kind = kind; self.name = name; self.nameToken = nameToken; self.header = header
        self.genericParameters = genericParameters; self.inherited = inherited; self.whereClause = whereClause
        self.bodyOpen = bodyOpen; self.bodyClose = bodyClose; self.members = members; self.outerNames = outerNames
        // Split once: rules ask for these lists many times.
        var types: [TypeDecl] = [], variables: [VariableDecl] = [], functions: [FunctionDecl] = []
        // Counted first, so that each list is allocated once at its size.
        var counts = (types: 0, variables: 0, functions: 0)
        for m in members {
            switch m {
            case .type: counts.types += 1
            case .variable: counts.variables += 1
            case .function: counts.functions += 1
            default: break
            }
        }
        types.reserveCapacity(counts.types); variables.reserveCapacity(counts.variables); functions.reserveCapacity(counts.functions)
        for m in members {
            switch m {
            case .type(let t): types.append(t)
            case .variable(let v): variables.append(v)
            case .function(let f): functions.append(f)
            default: break
            }
        }
        self.nestedTypes = types; self.variables = variables; self.functions = functions
    }

    /// `Outer.Inner` for nested types, the plain name otherwise.
    public var qualifiedName: String { (outerNames + [name]).joined(separator: ".") }
    /// For an extension, the last component of the extended type without generics.
    public var extendedBaseName: String { TypeRef.baseName(of: name) }
    public let variables: [VariableDecl]
    public let functions: [FunctionDecl]
    public var inheritedBaseNames: [String] { inherited.map(\.baseName) }
}

/// A `var` or `let` declaration (one per binding; `var a = 1, b = 2` yields two).
public final class VariableDecl: @unchecked Sendable {
    public let header: DeclHeader
    public let isLet: Bool
    public let name: String
    public let nameToken: Int
    public let type: TypeRef?
    /// Tokens of the initial value after `=`.
    public let initializer: TokenRange?
    /// `{` … `}` of the accessor block (computed or observers), if any.
    public let accessorOpen: Int?
    public let accessorClose: Int?
    /// True for a computed property (a getter, or a body without `willSet`/`didSet`).
    public let isComputed: Bool
    /// True when the block is `willSet`/`didSet` observers (the property is still stored).
    public let hasObservers: Bool

    public init(header: DeclHeader, isLet: Bool, name: String, nameToken: Int, type: TypeRef?, initializer: TokenRange?, accessorOpen: Int?, accessorClose: Int?, isComputed: Bool, hasObservers: Bool) {
        self.header = header; self.isLet = isLet; self.name = name; self.nameToken = nameToken; self.type = type
        self.initializer = initializer; self.accessorOpen = accessorOpen; self.accessorClose = accessorClose
        self.isComputed = isComputed; self.hasObservers = hasObservers
    }

    public var isStored: Bool { !isComputed }
    /// An instance property marked `@Published`.
    public var isPublished: Bool { !isStatic && header.hasAttribute("Published") }
    /// A stored instance `var` that the `@Observable` macro tracks (not `@ObservationIgnored`).
    public var isObservationTracked: Bool {
        !isLet && isStored && !isStatic && !header.hasAttribute("ObservationIgnored") && !header.hasModifier("lazy")
    }
    public var isStatic: Bool { header.isStatic }
    /// The property wrapper attributes (every attribute other than well-known non-wrappers).
    public var wrappers: [Attribute] {
        // Most properties have no attribute at all: no filtering, no allocation.
        header.attributes.isEmpty ? [] : header.attributes.filter { !VariableDecl.nonWrapperAttributes.contains($0.baseName) }
    }
    static let nonWrapperAttributes: Set<String> = [
        "MainActor", "objc", "nonobjc", "available", "inlinable", "usableFromInline", "discardableResult", "preconcurrency",
        "IBOutlet", "IBInspectable", "NSManaged", "GKInspectable", "exclusivity", "Sendable", "frozen",
    ]
}

/// A parameter of a function, initializer or subscript.
public struct Parameter: Sendable {
    /// External label; nil for `_`; equal to `name` when only one name is written.
    public var label: String?
    public var name: String
    public var nameToken: Int
    public var type: TypeRef?
    public var isInout: Bool
    public var defaultValue: TokenRange?
}

public enum FunctionKind: String, Sendable { case function, initializer, deinitializer, `subscript` }

/// A function, initializer, deinitializer or subscript.
public final class FunctionDecl: @unchecked Sendable {
    public let kind: FunctionKind
    /// `init` for initializers, `deinit`, `subscript`, or the function name (operators included).
    public let name: String
    public let nameToken: Int
    public let header: DeclHeader
    /// Token indices of the parameter list's `(` and `)`; nil when there is none. The parameters
    /// themselves are parsed on first use (`SourceFile.parameters(of:)`): most functions'
    /// parameters are never asked for, and parsing them all was a twentieth of the scan.
    public let parameterOpen: Int?
    public let parameterClose: Int?
    /// Cache behind `SourceFile.parameters(of:)` (a file is checked by one thread at a time).
    var parsedParameters: [Parameter]? = nil
    public let isAsync: Bool
    public let isThrowing: Bool
    /// Tokens of the return type after `->`; nil when there is none. The type itself is built on
    /// first use (`SourceFile.returnType(of:)`): few rules ask for it.
    public let returnTypeTokens: TokenRange?
    /// Cache behind `SourceFile.returnType(of:)`: nil until asked, then the answer.
    var parsedReturnType: TypeRef?? = nil
    /// Token indices of `{` and `}` of the body; nil for a requirement without body.
    public let bodyOpen: Int?
    public let bodyClose: Int?

    public init(kind: FunctionKind, name: String, nameToken: Int, header: DeclHeader, parameterOpen: Int?, parameterClose: Int?,
                isAsync: Bool, isThrowing: Bool, returnTypeTokens: TokenRange?, bodyOpen: Int?, bodyClose: Int?) {
        self.kind = kind; self.name = name; self.nameToken = nameToken; self.header = header
        self.parameterOpen = parameterOpen; self.parameterClose = parameterClose; self.isAsync = isAsync; self.isThrowing = isThrowing
        self.returnTypeTokens = returnTypeTokens; self.bodyOpen = bodyOpen; self.bodyClose = bodyClose
    }

    /// Tokens strictly inside the body braces.
    public var bodyTokens: TokenRange? {
        guard let o = bodyOpen, let c = bodyClose, o < c else { return nil }
        return (o + 1)..<c
    }
}

/// `typealias Name = Type`.
/// A class, like the other declarations: `Member` then holds one reference in every case, so
/// that copying a member (the parser and the rules do it often) is a retain, not a copy of the
/// alias's fields.
public final class TypeAliasDecl: @unchecked Sendable {
    public let name: String
    public let nameToken: Int
    public let header: DeclHeader
    public let target: TypeRef?
    public let outerNames: [String]

    public init(name: String, nameToken: Int, header: DeclHeader, target: TypeRef?, outerNames: [String]) {
        self.name = name; self.nameToken = nameToken; self.header = header; self.target = target; self.outerNames = outerNames
    }
}

/// A member of a type body or a top-level declaration.
public enum Member: Sendable {
    case variable(VariableDecl)
    case function(FunctionDecl)
    case type(TypeDecl)
    case typeAlias(TypeAliasDecl)
    /// An `enum` case or other declaration the rules do not look into.
    case other(TokenRange)
}

/// The declarations of one file.
public struct SourceTree: Sendable {
    public var imports: [String] = []
    /// The modules of `@_exported import`s, which every file of the module sees.
    public var exportedImports: [String] = []
    /// The file has an `@testable import`: test code (a test case, a test double).
    public var hasTestableImport = false
    /// Top-level declarations in source order (types, extensions, functions, variables).
    public var declarations: [Member] = []
    /// Every type and extension of the file, nested ones included, in source order.
    public var allTypes: [TypeDecl] = []
    /// Every typealias of the file, nested ones included.
    public var typeAliases: [TypeAliasDecl] = []
    /// Top-level `#Preview { … }` bodies and other top-level macro closures: (`#Preview` token, `{`, `}`).
    public var previewBodies: [(open: Int, close: Int)] = []

    public init() {}

    public var topLevelFunctions: [FunctionDecl] {
        declarations.compactMap { if case .function(let f) = $0 { return f } else { return nil } }
    }

    /// Test code: the file imports XCTest or Testing, or imports a module `@testable` (a test
    /// case, a test double, a mock).
    public var isTestCode: Bool {
        imports.contains("XCTest") || imports.contains("Testing") || hasTestableImport
    }
}
