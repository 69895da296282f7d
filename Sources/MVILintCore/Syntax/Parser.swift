/// The structure pass: turns a token stream into declarations (the AST-lite), best effort.
///
/// The parser never throws and always advances: unknown input is skipped statement by statement,
/// bodies are jumped over with the bracket table, and declaration nesting is bounded.

struct Parser {
    let file: SourceFile
    let tokens: [Token]
    var tree = SourceTree()
    /// Deeper type nesting than this is skipped rather than parsed (stack safety). Each level
    /// costs three stack frames, about 14 KB in a debug build, and the parser must fit in the
    /// 512 KB stack of a secondary thread (Dispatch workers on macOS); real code nests a few levels.
    static let maxDepth = 16

    init(file: SourceFile) {
        self.file = file
        self.tokens = file.tokens
    }

    mutating func parse() -> SourceTree {
        let end = max(0, tokens.count - 1)
        tree.declarations = parseDeclarations(0..<end, outer: [], depth: 0, topLevel: true)
        memberStack.deallocate()
        return tree
    }

    // MARK: Token helpers

    @inline(__always) func kind(_ i: Int) -> TokenKind { i < tokens.count ? tokens[i].kind : .eof }
    @inline(__always) func isWord(_ i: Int, _ s: StaticString) -> Bool { file.isWord(i, s) }
    @inline(__always) func isText(_ i: Int, _ s: StaticString) -> Bool { file.isText(i, s) }
    @inline(__always) func atLineStart(_ i: Int) -> Bool { i < tokens.count && tokens[i].isAtLineStart }
    func isIdentifierLike(_ i: Int) -> Bool { let k = kind(i); return k == .identifier || k == .keyword }

    /// Index after the bracket group starting at `i` (or `i + 1` if unbalanced).
    func after(_ i: Int) -> Int {
        if let p = file.partner(i), p > i { return p + 1 }
        return i + 1
    }

    static let modifierWords: Set<String> = [
        "private", "fileprivate", "internal", "public", "open", "package", "static", "final", "override",
        "mutating", "nonmutating", "lazy", "weak", "unowned", "optional", "required", "convenience", "dynamic",
        "nonisolated", "indirect", "prefix", "postfix", "infix", "consuming", "borrowing", "__consuming",
        "distributed", "isolated", "rethrows", "__owned", "__shared", "_const",
    ]
    static let declKeywords: Set<String> = [
        "class", "struct", "enum", "protocol", "extension", "func", "var", "let", "init", "deinit",
        "subscript", "typealias", "import", "case", "associatedtype", "operator", "precedencegroup",
    ]

    /// Attribute names common enough that the parser names them with its own strings.
    static let commonAttributeSet = WordSet([
        "MainActor", "Published", "State", "StateObject", "ObservedObject", "EnvironmentObject", "Environment",
        "Binding", "Bindable", "Observable", "ObservationIgnored", "AppStorage", "SceneStorage", "FocusState",
        "Namespace", "Query", "Model", "main", "objc", "available", "discardableResult", "escaping", "Sendable",
        "ViewBuilder", "inlinable", "usableFromInline", "frozen", "Test", "Suite", "Dependency", "Reducer",
        "ObservableState", "Presents", "CasePathable", "ToolbarContentBuilder", "SceneBuilder", "nonobjc", "unknown",
    ])

    /// `modifierWords` and `declKeywords` for allocation-free comparison with token text.
    static let modifierWordSet = WordSet(Array(modifierWords))
    static let declKeywordSet = WordSet(Array(declKeywords))

    func isModifier(_ i: Int) -> Bool {
        guard isIdentifierLike(i) else { return false }
        let modifiers = Parser.modifierWordSet
        // The set first: it rejects most words (`var`, `func`, names) in two loads.
        guard file.isText(i, in: modifiers) else {
            guard isText(i, "class") else { return false }
            // `class func`, `class var`, `class override func`: a modifier; `class Foo`: a declaration.
            let n = i + 1
            if kind(n) == .keyword { return !isWord(n, "Self") }
            return kind(n) == .identifier && file.isText(n, in: modifiers)
        }
        // A modifier is followed by another modifier, a declaration keyword, `(set)`, or an attribute.
        let n = i + 1
        if kind(n) == .leftParen { return true }
        if kind(n) == .keyword { return true }
        if kind(n) == .identifier {
            return file.isText(n, in: modifiers) || isText(n, "actor") || isText(n, "macro")
        }
        return kind(n) == .at
    }

    /// Whether token `i` can start a declaration (used to stop skipping).
    func startsDeclaration(_ i: Int) -> Bool {
        switch kind(i) {
        case .at: return true
        case .keyword: return file.isText(i, in: Parser.declKeywordSet) || isModifier(i)
        case .identifier:
            if isModifier(i) { return true }
            if isWord(i, "actor") || isWord(i, "macro") { return kind(i + 1) == .identifier }
            return false
        case .poundKeyword: return true
        default: return false
        }
    }

    // MARK: Declarations

    /// Skips `#if cond`, `#elseif cond`, `#else`, `#endif` (their branches are all parsed), and other
    /// `#` directives with their arguments; records `#Preview` bodies.
    mutating func skipPoundDirective(_ i: Int, end: Int, topLevel: Bool) -> Int {
        if let next = file.conditionalDirectiveEnd(i, end: end) { return next }
        var j = i + 1
        if kind(j) == .leftParen && !tokens[j].hasSpaceBefore { j = after(j) }
        if kind(j) == .leftBrace, let close = file.partner(j) {
            if isText(i, "#Preview") { tree.previewBodies.append((open: j, close: close)) }
            return close + 1
        }
        return j
    }

    /// Reads attributes and modifiers starting at `i`; returns the index after them.
    func parseHeader(_ start: Int, end: Int, into header: inout DeclHeader) -> Int {
        var i = start
        while i < end {
            if kind(i) == .at {
                var j = i + 1
                guard isIdentifierLike(j) else { return i + 1 }
                let nameToken = j
                // The usual attributes are named by the parser's own strings, without decoding.
                var name = file.word(j, in: Parser.commonAttributeSet) ?? file.text(j)
                j += 1
                while true {
                    // `@ReducerBuilder<State, Action>`, `@FocusState<Field?>.Binding`: generic
                    // arguments are skipped and not part of the name.
                    if let close = genericArgumentsEnd(at: j, end: end, inAttribute: true) { j = close + 1 }
                    guard kind(j) == .period && isIdentifierLike(j + 1) && !tokens[j].hasSpaceBefore else { break }
                    name += "." + file.text(j + 1)
                    j += 2
                }
                var args: TokenRange? = nil
                if kind(j) == .leftParen && !tokens[j].hasSpaceBefore, let close = file.partner(j) {
                    args = (j + 1)..<close
                    j = close + 1
                }
                // Room for a second one at once: headers often hold two (`@MainActor @Observable`).
                if header.attributes.isEmpty { header.attributes.reserveCapacity(2) }
                header.attributes.append(Attribute(name: name, nameToken: nameToken, atToken: i, arguments: args))
                i = j
                continue
            }
            if i > start, kind(i) == .poundKeyword, let next = file.conditionalDirectiveEnd(i, end: end) {
                // `#if os(iOS) @available(…) #endif` inside an attribute list: the header goes on,
                // and the attributes of every clause apply (every branch is linted).
                i = next
                continue
            }
            if isModifier(i) {
                let name = file.word(i, in: Parser.modifierWordSet) ?? file.text(i)
                var detail: String? = nil
                var j = i + 1
                if kind(j) == .leftParen, isIdentifierLike(j + 1), kind(j + 2) == .rightParen {
                    detail = file.text(j + 1)
                    j += 3
                }
                // Room for three at once: `public private(set) var`, `private static let`.
                if header.modifiers.isEmpty { header.modifiers.reserveCapacity(3) }
                header.modifiers.append(Modifier(name: name, detail: detail, token: i))
                i = j
                continue
            }
            break
        }
        return i
    }

    /// Parses one declaration at `i` (after its header). Returns nil when `i` starts no declaration.
    mutating func parseDeclaration(at i: Int, end: Int, header: DeclHeader, outer: [String], depth: Int) -> (Member?, Int)? {
        guard isIdentifierLike(i), let word = declarationWord(i) else { return nil }
        switch word {
        case .type(let typeKind):
            if typeKind == .actor && kind(i + 1) != .identifier { return nil }
            return parseType(kind: typeKind, at: i, end: end, header: header, outer: outer, depth: depth)
        case .binding:
            // Several bindings: the first is returned here, the rest wait in `pendingVariables`
            // for the caller to add as separate members.
            let (first, next) = parseVariables(at: i, end: end, header: header)
            return (first.map { .variable($0) }, next)
        case .function:
            let (f, next) = parseFunction(at: i, end: end, header: header)
            return (.function(f), next)
        case .typeAlias:
            return parseTypeAlias(at: i, end: end, header: header, outer: outer)
        case .import:
            var j = i + 1
            var name = ""
            let line = tokens[i].line
            while j < end && tokens[j].line == line && (isIdentifierLike(j) || kind(j) == .period) {
                if isIdentifierLike(j) && !["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(file.text(j)) || kind(j) == .period {
                    name += file.text(j)
                }
                j += 1
            }
            if !name.isEmpty {
                tree.imports.append(name)
                if header.hasAttribute("_exported") { tree.exportedImports.append(name) }
                if header.hasAttribute("testable") { tree.hasTestableImport = true }
            }
            return (nil, j)
        case .other:
            let start = i
            let next = skipStatement(from: i + 1, end: end)
            return (.other(start..<next), next)
        }
    }

    /// The word that starts a declaration.
    enum DeclarationWord {
        /// `class`, `struct`, `enum`, `protocol`, `extension`, `actor`.
        case type(TypeKind)
        /// `var`, `let`.
        case binding
        /// `func`, `init`, `deinit`, `subscript`.
        case function
        case typeAlias
        case `import`
        /// `case`, `associatedtype`, `operator`, `precedencegroup`, `macro`.
        case other
    }

    /// The declaration word that token `i` spells, compared as bytes (no string is made).
    func declarationWord(_ i: Int) -> DeclarationWord? {
        let t = tokens[i]
        guard t.length >= 3 && t.length <= 15 else { return nil }
        switch file.bytes[Int(t.start)] {
        case UInt8(ascii: "c"):
            if isText(i, "class") { return .type(.class) }
            if isText(i, "case") { return .other }
        case UInt8(ascii: "s"):
            if isText(i, "struct") { return .type(.struct) }
            if isText(i, "subscript") { return .function }
        case UInt8(ascii: "e"):
            if isText(i, "enum") { return .type(.enum) }
            if isText(i, "extension") { return .type(.extension) }
        case UInt8(ascii: "p"):
            if isText(i, "protocol") { return .type(.protocol) }
            if isText(i, "precedencegroup") { return .other }
        case UInt8(ascii: "a"):
            if isText(i, "actor") { return .type(.actor) }
            if isText(i, "associatedtype") { return .other }
        case UInt8(ascii: "v"):
            if isText(i, "var") { return .binding }
        case UInt8(ascii: "l"):
            if isText(i, "let") { return .binding }
        case UInt8(ascii: "f"):
            if isText(i, "func") { return .function }
        case UInt8(ascii: "i"):
            if isText(i, "init") { return .function }
            if isText(i, "import") { return .import }
        case UInt8(ascii: "d"):
            if isText(i, "deinit") { return .function }
        case UInt8(ascii: "t"):
            if isText(i, "typealias") { return .typeAlias }
        case UInt8(ascii: "o"):
            if isText(i, "operator") { return .other }
        case UInt8(ascii: "m"):
            if isText(i, "macro") { return .other }
        default:
            break
        }
        return nil
    }

    /// Extra bindings of a multi-binding `var a = 1, b = 2` awaiting insertion.
    var pendingVariables: [VariableDecl] = []
    /// The members of the declaration lists being parsed, innermost list last (`parseDeclarations`).
    var memberStack = MemberStack()

    // MARK: Types

    mutating func parseType(kind typeKind: TypeKind, at i: Int, end: Int, header: DeclHeader, outer: [String], depth: Int) -> (Member?, Int) {
        var j = i + 1
        let nameToken = j
        var name = ""
        if typeKind == .extension {
            let (ref, next) = parseTypeRef(from: j, end: end)
            name = ref?.text ?? ""
            j = next
        } else if isIdentifierLike(j) {
            name = file.name(j)
            j += 1
        }
        var generics: [String] = []
        if kind(j) == .operator && isText(j, "<") {
            let close = angleEnd(from: j, end: end)
            var k = j + 1
            var expectName = true
            while k < close {
                if expectName && isIdentifierLike(k) { generics.append(file.name(k)); expectName = false }
                if kind(k) == .comma { expectName = true }
                k = kind(k) == .leftParen || kind(k) == .leftBracket ? after(k) : k + 1
            }
            j = close + 1
        }
        var inherited: [TypeRef] = []
        if kind(j) == .colon {
            j += 1
            while j < end {
                let (ref, next) = parseTypeRef(from: j, end: end)
                if let r = ref { inherited.append(r) }
                j = max(next, j + 1)
                if kind(next) == .comma { j = next + 1; continue }
                j = next
                break
            }
        }
        var whereClause: TokenRange? = nil
        if isWord(j, "where") {
            let w = j
            while j < end && kind(j) != .leftBrace { j = kind(j) == .leftParen || kind(j) == .leftBracket ? after(j) : j + 1 }
            whereClause = (w + 1)..<j
        }
        var bodyOpen: Int? = nil, bodyClose: Int? = nil
        var members: [Member] = []
        // The types nested in this one go into `allTypes` while its members are parsed, after
        // those already there: this type goes before them.
        let typesBefore = tree.allTypes.count
        let qualified = typeKind == .extension ? [TypeRef.baseName(of: name)] : outer + [name]
        if kind(j) == .leftBrace, let close = file.partner(j), close <= end {
            bodyOpen = j
            bodyClose = close
            if depth < Parser.maxDepth {
                let saved = pendingVariables
                pendingVariables = []
                members = parseDeclarations((j + 1)..<close, outer: qualified, depth: depth + 1)
                pendingVariables = saved
            }
            j = close + 1
        } else if j < end, kind(j) == .leftBrace {
            // Unterminated body: parse members to the end of input. (A brace at `end` or past it
            // is outside this declaration's range, which stops there.)
            bodyOpen = j
            if depth < Parser.maxDepth { members = parseDeclarations((j + 1)..<end, outer: qualified, depth: depth + 1) }
            j = end
        }
        let decl = TypeDecl(kind: typeKind, name: name, nameToken: nameToken, header: header, genericParameters: generics,
                            inherited: inherited, whereClause: whereClause, bodyOpen: bodyOpen, bodyClose: bodyClose,
                            members: members, outerNames: typeKind == .extension ? [] : outer)
        // Source order: the outer type before its nested types.
        assert(typesBefore == tree.allTypes.count - members.reduce(0) { n, m in if case .type = m { return n + Parser.countTypes(m) } else { return n } })
        tree.allTypes.insert(decl, at: typesBefore)
        return (.type(decl), j)
    }

    /// The types a member declares, itself and those nested in it.
    static func countTypes(_ m: Member) -> Int {
        guard case .type(let t) = m else { return 0 }
        return 1 + t.members.reduce(0) { $0 + countTypes($1) }
    }

    /// Declarations in `range` (a file or a type body), one member per variable binding.
    mutating func parseDeclarations(_ range: Range<Int>, outer: [String], depth: Int, topLevel: Bool = false) -> [Member] {
        // Collected on the parser's stack and moved into an array of their number at the end: an
        // array of its own, grown member by member, was reallocated several times per type.
        let base = memberStack.count
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            let before = i
            let k = kind(i)
            if k == .semicolon || k == .rightBrace || k == .rightParen || k == .rightBracket || k == .comma { i += 1; continue }
            if k == .poundKeyword { i = skipPoundDirective(i, end: end, topLevel: topLevel); continue }
            var header = DeclHeader()
            header.firstToken = i
            i = parseHeader(i, end: end, into: &header)
            guard i < end else { break }
            if let (member, next) = parseDeclaration(at: i, end: end, header: header, outer: outer, depth: depth) {
                if let m = consume member { memberStack.push(consume m) }
                if !pendingVariables.isEmpty {
                    for v in pendingVariables { memberStack.push(.variable(v)) }
                    pendingVariables = []
                }
                i = max(next, i + 1)
            } else {
                i = skipStatement(from: i, end: end)
            }
            if i <= before { i = before + 1 }
        }
        return memberStack.take(from: base)
    }

    /// Index of the `>` closing the generic clause opened at `open` (counts `<`/`>` characters).
    func angleEnd(from open: Int, end: Int) -> Int {
        var depth = 0
        var j = open
        while j < end {
            switch kind(j) {
            case .operator, .arrow:
                if kind(j) == .arrow { j += 1; continue }
                let t = tokens[j]
                for o in Int(t.start)..<Int(t.end) {
                    if file.bytes[o] == UInt8(ascii: "<") { depth += 1 } else if file.bytes[o] == UInt8(ascii: ">") { depth -= 1 }
                }
                if depth <= 0 { return j }
                j += 1
            case .leftParen, .leftBracket:
                j = after(j)
            case .leftBrace, .rightBrace, .semicolon:
                return j
            default:
                j += 1
            }
        }
        return min(j, end)
    }

    /// Reads a type starting at `start` until a depth-0 delimiter. Returns nil when empty.
    func parseTypeRef(from start: Int, end: Int) -> (TypeRef?, Int) {
        let j = typeEnd(from: start, end: end)
        return (makeTypeRef(start..<j), j)
    }

    /// Where the type written from `start` ends (`start` itself when there is none).
    func typeEnd(from start: Int, end: Int) -> Int {
        var j = start
        var angle = 0
        while j < end {
            let k = kind(j)
            if angle == 0 {
                if k == .comma || k == .leftBrace || k == .rightBrace || k == .equal || k == .semicolon || k == .rightParen || k == .rightBracket { break }
                if k == .colon { break }
                if isWord(j, "where") && k == .keyword { break }
                if j > start && atLineStart(j) && startsDeclaration(j) { break }
                if j > start && atLineStart(j) && kind(j) != .period && kind(j) != .operator && kind(j) != .arrow && !isWord(j, "throws") && !isWord(j, "async") {
                    // A type does not continue on the next line unless it clearly does.
                    if kind(j - 1) != .operator && kind(j - 1) != .arrow && kind(j - 1) != .period && kind(j - 1) != .at { break }
                }
            }
            if k == .operator || k == .arrow {
                if k == .operator {
                    let t = tokens[j]
                    var sawAngle = false
                    for o in Int(t.start)..<Int(t.end) {
                        let b = file.bytes[o]
                        if b == UInt8(ascii: "<") { angle += 1; sawAngle = true } else if b == UInt8(ascii: ">") { angle -= 1; sawAngle = true }
                    }
                    if angle < 0 { break }
                    if !sawAngle && angle == 0 && !(isText(j, "?") || isText(j, "!") || isText(j, "&") || isText(j, "~") || isText(j, "...")) {
                        break
                    }
                }
                j += 1
                continue
            }
            if k == .leftParen || k == .leftBracket { j = after(j); continue }
            if k == .eof { break }
            j += 1
        }
        return j
    }

    /// The type written on `range` (nil when the range is empty).
    func makeTypeRef(_ range: TokenRange) -> TypeRef? {
        let start = range.lowerBound, j = range.upperBound
        guard j > start else { return nil }
        // Most types are one plain name (`String`, `ProfileViewModel`), or one with `?`/`!`
        // after it: the text gives the base directly.
        if kind(start) == .identifier, file.bytes[Int(tokens[start].start)] != UInt8(ascii: "`"),
           j - start == 1 || (j - start == 2 && !tokens[start + 1].hasSpaceBefore && (isText(start + 1, "?") || isText(start + 1, "!"))),
           !isWord(start, "any"), !isWord(start, "some") {
            let name = file.text(start)
            return TypeRef(text: j - start == 1 ? name : typeText(start..<j), tokens: start..<j, qualifiedBase: name, baseName: name)
        }
        // Next most common: `some View`, `any Store`, `[Item]`, `[Item]?`. The base is the one
        // plain name inside, as `TypeRef.qualifiedBase(of:)` would find it in the text.
        if let inner = wrappedPlainName(start..<j) {
            let name = file.text(inner)
            return TypeRef(text: typeText(start..<j), tokens: start..<j, qualifiedBase: name, baseName: name)
        }
        return TypeRef(text: typeText(start..<j), tokens: start..<j)
    }

    /// The token of `Name` when `range` is `some Name`, `any Name`, `[Name]`, `[Name]?` or
    /// `[Name]!`, with `Name` a plain identifier (no backticks, not itself a word that
    /// `qualifiedBase(of:)` strips).
    private func wrappedPlainName(_ range: Range<Int>) -> Int? {
        let s = range.lowerBound
        let inner: Int
        switch range.count {
        case 2:
            guard kind(s) == .identifier, isText(s, "some") || isText(s, "any") else { return nil }
            inner = s + 1
        case 3, 4:
            guard kind(s) == .leftBracket, kind(s + 2) == .rightBracket, file.partner(s) == s + 2 else { return nil }
            if range.count == 4 {
                guard !tokens[s + 3].hasSpaceBefore, isText(s + 3, "?") || isText(s + 3, "!") else { return nil }
            }
            inner = s + 1
        default:
            return nil
        }
        guard kind(inner) == .identifier, file.bytes[Int(tokens[inner].start)] != UInt8(ascii: "`"),
              !file.isText(inner, in: Parser.strippedTypeWords) else { return nil }
        return inner
    }

    /// Words that `TypeRef.qualifiedBase(of:)` may strip from the front of a type (its own list).
    static let strippedTypeWords = WordSet(TypeRef.leadingWords.map(\.description))

    /// Type text: tokens joined, a single space only between two words (`any Foo`, `@unchecked Sendable`).
    func typeText(_ range: Range<Int>) -> String {
        // One token (most types): its text.
        if range.count == 1 { return file.text(range.lowerBound) }
        guard !range.isEmpty else { return "" }
        let first = Int(tokens[range.lowerBound].start), last = Int(tokens[range.upperBound - 1].end)
        // Most often the source already reads as the text (`some View`, `[String: Int]`): it is
        // decoded in place.
        var verbatim = true
        for i in (range.lowerBound + 1)..<range.upperBound {
            let gap = Int(tokens[i].start) - Int(tokens[i - 1].end)
            let expected = writesSpace(before: i) ? 1 : 0
            if gap != expected || (gap == 1 && file.bytes[Int(tokens[i - 1].end)] != UInt8(ascii: " ")) {
                verbatim = false
                break
            }
        }
        if verbatim {
            return file.bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[first..<last]), as: UTF8.self) }
        }
        // The text is at most as long as the source it spans (a space is only written where the
        // source has trivia), so it is gathered in a temporary buffer, on the stack when small.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, last - first)) { out -> String in
            var count = 0
            file.bytes.withUnsafeBufferPointer { b in
                for i in range {
                    if i > range.lowerBound && writesSpace(before: i) && count < out.count {
                        out[count] = UInt8(ascii: " ")
                        count += 1
                    }
                    var o = Int(tokens[i].start)
                    let e = Int(tokens[i].end)
                    while o < e && count < out.count { out[count] = b[o]; count += 1; o += 1 }
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: out[0..<count]), as: UTF8.self)
        }
    }

    /// Whether `typeText` writes a space before token `i` (not the first of its range): where the
    /// source has trivia between two words, or after an attribute's name (`@unchecked Sendable`).
    @inline(__always) private func writesSpace(before i: Int) -> Bool {
        guard tokens[i].hasSpaceBefore else { return false }
        let word = isIdentifierLike(i) || kind(i) == .dollarIdentifier
        let previousWord = isIdentifierLike(i - 1) || kind(i - 1) == .dollarIdentifier
        return (word && previousWord) || (previousWord && i >= 2 && kind(i - 2) == .at)
    }

    mutating func parseTypeAlias(at i: Int, end: Int, header: DeclHeader, outer: [String]) -> (Member?, Int) {
        var j = i + 1
        let nameToken = j
        let name = isIdentifierLike(j) ? file.name(j) : ""
        j += 1
        if kind(j) == .operator && isText(j, "<") { j = angleEnd(from: j, end: end) + 1 }
        var target: TypeRef? = nil
        if kind(j) == .equal {
            let (ref, next) = parseTypeRef(from: j + 1, end: end)
            target = ref
            j = next
        }
        let alias = TypeAliasDecl(name: name, nameToken: nameToken, header: header, target: target, outerNames: outer)
        tree.typeAliases.append(alias)
        return (.typeAlias(alias), j)
    }
}

/// A stack of members in a raw buffer that doubles as needed: `parseDeclarations` pushes the
/// members of the list it parses and then moves them, from where the list began, into an array
/// of exactly their number. The parser deallocates it once the file is parsed, empty by then.
struct MemberStack {
    private var base: UnsafeMutablePointer<Member>? = nil
    private(set) var count = 0
    private var capacity = 0

    mutating func push(_ member: consuming Member) {
        if count == capacity { grow() }
        (base! + count).initialize(to: member)
        count += 1
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Member>.allocate(capacity: max(16, capacity * 2))
        if let old = base {
            bigger.moveInitialize(from: old, count: count)
            old.deallocate()
        }
        base = bigger
        capacity = max(16, capacity * 2)
    }

    /// The members from index `start` on, moved out into an array; the stack keeps those before.
    mutating func take(from start: Int) -> [Member] {
        let n = count - start
        guard n > 0, let base = base else { return [] }
        count = start
        return [Member](unsafeUninitializedCapacity: n) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: base + start, count: n)
            initialized = n
        }
    }

    /// Frees the buffer, deinitializing any member left in it.
    mutating func deallocate() {
        guard let base = base else { return }
        base.deinitialize(count: count)
        base.deallocate()
        self.base = nil
        count = 0
        capacity = 0
    }
}
