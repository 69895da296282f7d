/// Expression structure inside bodies: closures and the calls they belong to, member chains,
/// assignments and mutating calls. Computed once per file, on first use.

/// One component of a member chain such as `DispatchQueue.global(qos: .utility).async`.
public struct ChainComponent: Sendable {
    /// The name (`global`), or `[]` for a subscript, `()` for a call on a non-name.
    public var name: String
    public var token: Int
    /// The component is called: `(`…`)` follows it directly (index of `(`), else nil.
    public var callParen: Int?
}

/// A closure literal and what it is passed to.
public struct ClosureInfo: Sendable {
    public var open: Int
    public var close: Int
    /// The callee chain of the call that receives the closure (`Task`, `DispatchQueue.main.async`,
    /// `publisher.sink`), empty for a closure that is not an argument (`let f = { … }`).
    public var callee: [ChainComponent]
    /// First token of the callee chain (for looking at what precedes it), if any.
    public var calleeStart: Int?
    /// Argument label (`receiveValue`, `completion`), nil for trailing or unlabeled arguments.
    public var label: String?
    public var isTrailing: Bool
    /// Attributes written in the closure signature (`MainActor`, `Sendable`).
    public var attributes: [String]
    /// The `in` of the signature, if any.
    public var inToken: Int?
    /// Index (in `BodyAnalysis.closures`) of the enclosing closure.
    public var parent: Int?

    /// Last callee component's name: `async` for `DispatchQueue.main.async`, `Task` for `Task { }`.
    public var calleeName: String? { callee.last?.name }
    /// Tokens inside the braces.
    public var body: TokenRange { (open + 1)..<max(open + 1, close) }

    /// The call hands the closure to the main queue or actor: `DispatchQueue.main.async`,
    /// `OperationQueue.main.addOperation`, `RunLoop.main.perform`, `MainActor.run`.
    public var hopsToMainQueue: Bool {
        let names = callee.map(\.name)
        return (names.contains("main") && (names.contains("DispatchQueue") || names.contains("OperationQueue") || names.contains("RunLoop")))
            || (names.contains("MainActor") && names.last == "run")
    }
}

public enum MutationKind: Sendable, Equatable {
    case assignment
    case compoundAssignment
    /// A mutating method call such as `append`, `insert`, `removeAll`, `toggle`.
    case mutatingCall(String)
}

/// A write to a place: `self.items[i] = x`, `count += 1`, `items.append(x)`, `model?.flag.toggle()`.
public struct Mutation: Sendable {
    /// Names along the target, without `self`, subscripts or optional marks: `["items"]`,
    /// `["state", "isLoading"]`, `["viewModel", "items"]`.
    public var path: [String]
    /// First token of the target expression (`self` or the first name).
    public var rootToken: Int
    /// The `=`/`+=` token, or the method name token.
    public var operatorToken: Int
    public var kind: MutationKind
    /// Whether the target was written with an explicit `self.` (or `self?.`).
    public var viaSelf: Bool
}

/// Closures of a whole file, with the innermost closure of every token.
///
/// A class: rules and queries take the file's analysis many times per file (`let analysis =
/// file.bodyAnalysis`), and a reference costs one retain where a copy of the value would retain
/// each of its arrays.
public final class BodyAnalysis: Sendable {
    public let closures: [ClosureInfo]
    /// For each token, the index in `closures` of the innermost closure containing it, or -1.
    public let innermost: [Int32]

    public init(closures: [ClosureInfo], innermost: [Int32]) {
        self.closures = closures
        self.innermost = innermost
    }

    /// Closures nested deeper than this around a token are not listed by `enclosingClosures`.
    public static let maxEnclosingClosures = 64

    /// The chain of closures around token `i`, innermost first, at most `maxEnclosingClosures` of
    /// them: rules ask once per mutation or call, so an unbounded chain would make hostile input
    /// (thousands of nested closures, each with a mutation) quadratic. Real code nests a few levels.
    public func enclosingClosures(of i: Int) -> [ClosureInfo] {
        var out: [ClosureInfo] = []
        guard i >= 0, i < innermost.count else { return out }
        var c = Int(innermost[i])
        var guardCount = 0
        while c >= 0, guardCount < BodyAnalysis.maxEnclosingClosures {
            out.append(closures[c])
            c = closures[c].parent ?? -1
            guardCount += 1
        }
        return out
    }
}

/// Standard-library and Foundation methods that mutate their receiver in place.
public let mutatingMethodNames: Set<String> = [
    "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange", "popLast",
    "popFirst", "toggle", "sort", "reverse", "shuffle", "swapAt", "merge", "formUnion", "formIntersection",
    "subtract", "formSymmetricDifference", "updateValue", "removeValue", "appendContentsOf", "replaceSubrange",
]
/// `mutatingMethodNames` for allocation-free comparison with token text.
let mutatingMethodWordSet = WordSet(Array(mutatingMethodNames))

extension SourceFile {
    /// Closure structure of the file (computed once; a file is checked by one thread at a time).
    public var bodyAnalysis: BodyAnalysis {
        if let cached = _bodyAnalysis { return cached }
        let analysis = BodyAnalyzer(file: self).run()
        _bodyAnalysis = analysis
        return analysis
    }

    /// The member chain that ends at token `last` (walking backwards over `.name`, calls,
    /// subscripts and `?`/`!`). Returns components in source order and the first token.
    public func chain(endingAt last: Int) -> (components: [ChainComponent], start: Int) {
        var comps: [ChainComponent] = []
        // Most chains have a few components: one allocation instead of growing one by one.
        comps.reserveCapacity(4)
        var j = last
        var pendingCall: Int? = nil
        var steps = 0
        while j >= 0, steps < 512 {
            steps += 1
            let k = kind(j)
            if k == .identifier || k == .keyword || k == .dollarIdentifier {
                // `.catch { }` (PromiseKit's, Combine's): a method named like the keyword.
                if k == .keyword && !(isText(j, "self") || isText(j, "Self") || isText(j, "super") || isText(j, "init"))
                    && !(isText(j, "catch") && kind(j - 1) == .period) { break }
                comps.append(ChainComponent(name: name(j), token: j, callParen: pendingCall))
                pendingCall = nil
                if kind(j - 1) == .period && isChainLink(j - 2) {
                    j -= 2
                    continue
                }
                j -= 1
                break
            } else if k == .rightParen, let open = partner(j), open < j {
                // A call: the name before `(` is the callee (`foo(…)`), else a call on an expression.
                if pendingCall != nil { comps.append(ChainComponent(name: "()", token: open, callParen: pendingCall)) }
                pendingCall = open
                j = open - 1
                if j < 0 || tokens[open].hasSpaceBefore && kind(j) != .rightParen { break }
                continue
            } else if k == .rightBracket, let open = partner(j), open < j {
                if let p = pendingCall { comps.append(ChainComponent(name: "()", token: p, callParen: p)); pendingCall = nil }
                comps.append(ChainComponent(name: "[]", token: open, callParen: nil))
                j = open - 1
                if j < 0 || tokens[open].hasSpaceBefore { break }
                continue
            } else if k == .operator && (isText(j, "?") || isText(j, "!")) && !tokens[j].hasSpaceBefore {
                j -= 1
                continue
            } else if k == .rightBrace, let open = partner(j), open < j, pendingCall == nil {
                // A trailing closure inside the chain: `items.map { … }.count`.
                j = open - 1
                if j >= 0 && kind(j) == .rightParen, let o = partner(j) { j = o - 1 }
                continue
            }
            break
        }
        if let p = pendingCall { comps.append(ChainComponent(name: "()", token: p, callParen: p)) }
        comps.reverse()
        let start = comps.first?.token ?? last
        return (comps, start)
    }

    /// The names of a mutation's path: the chain without `self`, subscripts and calls on
    /// expressions (one array, allocated at its final size at most).
    static func mutationPath(_ comps: [ChainComponent]) -> [String] {
        var path: [String] = []
        path.reserveCapacity(comps.count)
        for c in comps where c.name != "self" && c.name != "[]" && c.name != "()" { path.append(c.name) }
        return path
    }

    /// The target of a mutation as a reader would name it: its path, with `(…)` where the chain
    /// calls a function and `[…]` where it subscripts (`events.cache(…).items[…].title`), and
    /// optional marks kept; `self.` left out. The path joined with periods when the chain has
    /// neither, or when its tokens are not a plain chain.
    public func targetText(of m: Mutation) -> String {
        let plain = m.path.joined(separator: ".")
        var end: Int
        switch m.kind {
        case .assignment, .compoundAssignment: end = m.operatorToken - 1
        case .mutatingCall: end = m.operatorToken - 2
        }
        guard m.rootToken >= 0, end >= m.rootToken, end - m.rootToken < 256, end < tokens.count else { return plain }
        var i = m.rootToken
        if isWord(i, "self"), kind(i + 1) == .period { i += 2 } else if isWord(i, "self"), isText(i + 1, "?"), kind(i + 2) == .period { i += 3 }
        var out = ""
        var elided = false
        while i <= end {
            switch kind(i) {
            case .identifier, .keyword, .dollarIdentifier: out += name(i)
            case .period: out += "."
            case .operator where isText(i, "?") || isText(i, "!"): out += text(i)
            case .leftParen, .leftBracket:
                guard let close = partner(i), close > i, close <= end else { return plain }
                let empty = close == i + 1
                out += kind(i) == .leftParen ? (empty ? "()" : "(…)") : (empty ? "[]" : "[…]")
                elided = true
                i = close
            default: return plain
            }
            i += 1
        }
        return elided ? out : plain
    }

    /// `chain(endingAt: last).start` without building the components (no allocation).
    public func chainStart(endingAt last: Int) -> Int { chainFirstToken(endingAt: last, allowsCatch: true) ?? last }

    /// The first token of the chain ending at `last`, or nil when the chain has no component.
    /// With `allowsCatch`, a member named `catch` (`.catch { }`) is a component, as
    /// `chain(endingAt:)` reads it; without, the chain ends at it.
    func chainFirstToken(endingAt last: Int, allowsCatch: Bool = false) -> Int? {
        var j = last
        var pendingCall: Int? = nil
        var earliest: Int? = nil
        var steps = 0
        while j >= 0, steps < 512 {
            steps += 1
            let k = kind(j)
            if k == .identifier || k == .keyword || k == .dollarIdentifier {
                if k == .keyword && !(isText(j, "self") || isText(j, "Self") || isText(j, "super") || isText(j, "init"))
                    && !(allowsCatch && isText(j, "catch") && kind(j - 1) == .period) { break }
                earliest = j
                pendingCall = nil
                if kind(j - 1) == .period && isChainLink(j - 2) {
                    j -= 2
                    continue
                }
                break
            } else if k == .rightParen, let open = partner(j), open < j {
                if pendingCall != nil { earliest = open }
                pendingCall = open
                j = open - 1
                if j < 0 || tokens[open].hasSpaceBefore && kind(j) != .rightParen { break }
                continue
            } else if k == .rightBracket, let open = partner(j), open < j {
                pendingCall = nil
                earliest = open
                j = open - 1
                if j < 0 || tokens[open].hasSpaceBefore { break }
                continue
            } else if k == .operator && (isText(j, "?") || isText(j, "!")) && !tokens[j].hasSpaceBefore {
                j -= 1
                continue
            } else if k == .rightBrace, let open = partner(j), open < j, pendingCall == nil {
                j = open - 1
                if j >= 0 && kind(j) == .rightParen, let o = partner(j) { j = o - 1 }
                continue
            }
            break
        }
        if let p = pendingCall { earliest = p }
        return earliest
    }

    private func isChainLink(_ j: Int) -> Bool {
        let k = kind(j)
        return k == .identifier || k == .keyword || k == .rightParen || k == .rightBracket || k == .dollarIdentifier || k == .rightBrace || (k == .operator && (isText(j, "?") || isText(j, "!")))
    }

    /// Every assignment, compound assignment and mutating call whose operator lies in `range`.
    /// With `minimumDepth` 2, only those whose path has two names or more (`model.items = x`,
    /// not `isPresented = true` nor `self.count += 1`): the others are not worked out at all.
    public func mutations(in range: TokenRange, minimumDepth: Int = 1) -> [Mutation] {
        let shallowOut = minimumDepth >= 2
        var result: [Mutation] = []
        let lo = max(0, range.lowerBound), hi = min(range.upperBound, tokens.count)
        guard lo < hi else { return result }
        for i in lo..<hi {
            let k = tokens[i].kind
            if k == .equal {
                if shallowOut && isOneNameTarget(endingAt: i - 1) { continue }
                if let m = assignmentTarget(operator: i, kind: .assignment) { result.append(m) }
            } else if k == .operator, isCompoundAssignment(i) {
                if shallowOut && isOneNameTarget(endingAt: i - 1) { continue }
                if let m = assignmentTarget(operator: i, kind: .compoundAssignment) { result.append(m) }
            } else if k == .identifier, kind(i - 1) == .period, i + 1 < tokens.count,
                      (kind(i + 1) == .leftParen && !tokens[i + 1].hasSpaceBefore) || kind(i + 1) == .leftBrace {
                guard isText(i, in: mutatingMethodWordSet) else { continue }
                if shallowOut && isOneNameTarget(endingAt: i - 2) { continue }
                let (comps, start) = chain(endingAt: i - 2)
                guard !comps.isEmpty else { continue }
                // `state.sort(filter)` as an argument: the arguments are not the standard method's
                // and the result is used, so it is another method (a project's own that returns a
                // value). As a statement of its own it may be a project's mutating extension.
                if !takesStandardArguments(method: i), !isWholeStatement(from: start, call: i) { continue }
                let viaSelf = comps.first?.name == "self"
                let path = SourceFile.mutationPath(comps)
                guard !path.isEmpty, comps.allSatisfy({ $0.callParen == nil || $0.name == "[]" }) else { continue }
                result.append(Mutation(path: path, rootToken: start, operatorToken: i, kind: .mutatingCall(name(i)), viaSelf: viaSelf))
            }
        }
        return result
    }

    /// Whether the chain ending at token `last` names one property at most: a lone name
    /// (`count`), or one after a leading `self.` (`self.count`). Its mutation path (`chain(endingAt:)`
    /// then `mutationPath`) has one name at most.
    private func isOneNameTarget(endingAt last: Int) -> Bool {
        guard kind(last) == .identifier else { return false }
        if kind(last - 1) != .period { return true }
        return isWord(last - 2, "self") && kind(last - 3) != .period
    }

    /// Whether the arguments of the call at method name `i` fit the standard library's method
    /// of that name, for the methods whose arguments tell: `sort()`, `sort(by:)`, `sort { }`,
    /// `toggle()`, `removeAll(where:)`.
    private func takesStandardArguments(method i: Int) -> Bool {
        let labels: [StaticString]
        switch tokens[i].length {
        case 4 where isText(i, "sort"): labels = ["by", "using"]
        case 7 where isText(i, "shuffle"): labels = ["using"]
        case 9 where isText(i, "removeAll"): labels = ["where", "keepingCapacity"]
        case 7 where isText(i, "reverse"), 6 where isText(i, "toggle"), 7 where isText(i, "popLast"), 8 where isText(i, "popFirst"): labels = []
        default: return true
        }
        let open = i + 1
        guard kind(open) == .leftParen, let close = partner(open) else { return true } // `sort { }`
        if close == open + 1 { return true }
        return kind(open + 2) == .colon && labels.contains { isWord(open + 1, $0) }
    }

    func isCompoundAssignment(_ i: Int) -> Bool {
        let t = tokens[i]
        let n = Int(t.end - t.start)
        guard n >= 2, bytes[Int(t.end) - 1] == UInt8(ascii: "=") else { return false }
        if isText(i, "==") || isText(i, "!=") || isText(i, "<=") || isText(i, ">=") || isText(i, "===") || isText(i, "!==") { return false }
        return true
    }

    private func assignmentTarget(operator op: Int, kind mk: MutationKind) -> Mutation? {
        // The start is found first, without building the chain: most `=` belong to declarations.
        guard op > 0, let start = chainFirstToken(endingAt: op - 1) else { return nil }
        // The target must begin a statement: not `let x =`, `case .a =`, `if let x =`, `f(x = …)`.
        guard beginsStatement(at: start) else { return nil }
        let comps = chain(endingAt: op - 1).components
        // A call result cannot be assigned to; `foo() = x` is not Swift.
        if let last = comps.last, last.callParen != nil { return nil }
        let viaSelf = comps.first?.name == "self"
        let path = SourceFile.mutationPath(comps)
        guard !path.isEmpty else { return nil }
        return Mutation(path: path, rootToken: start, operatorToken: op, kind: mk, viaSelf: viaSelf)
    }

    /// Whether token `start` begins a statement: at the start of a line or after `{`, `}`, `;`,
    /// a closure's `in`, `else` or a `case …:` label.
    private func beginsStatement(at start: Int) -> Bool {
        let before = start - 1
        return before < 0 || tokens[start].isAtLineStart || kind(before) == .leftBrace || kind(before) == .rightBrace
            || kind(before) == .semicolon || isText(before, "in") || isText(before, "else")
            || (kind(before) == .colon && isInsideSwitchCase(before))
    }

    /// Whether the call of method `call` (its name token), on the chain that begins at `start`, is
    /// a statement of its own, whose result is not used.
    private func isWholeStatement(from start: Int, call: Int) -> Bool {
        guard beginsStatement(at: start) else { return false }
        var end = call + 1
        if kind(end) == .leftParen, let close = partner(end) { end = close + 1 }
        if kind(end) == .leftBrace, let close = partner(end) { end = close + 1 }
        return end >= tokens.count || tokens[end].isAtLineStart || kind(end) == .semicolon || kind(end) == .rightBrace || kind(end) == .eof
    }

    /// Whether the `:` at `colon` ends a `case …:` or `default:` label.
    private func isInsideSwitchCase(_ colon: Int) -> Bool {
        var j = colon - 1
        var steps = 0
        while j >= 0, steps < 64, !tokens[j + 1].isAtLineStart || j + 1 == colon {
            if isWord(j, "case") || isWord(j, "default") { return true }
            if tokens[j].isAtLineStart { return isWord(j, "case") || isWord(j, "default") }
            j -= 1
            steps += 1
        }
        return false
    }
}

/// Classifies every `{` of a file as a closure or a block, in one pass with explicit stacks.
struct BodyAnalyzer {
    let file: SourceFile
    /// When false, closures get their braces and parent only (no callee, label or signature):
    /// all the view-graph summary needs, at a fraction of the cost.
    var describesClosures = true

    static let blockKeywords: Set<String> = ["if", "guard", "while", "for", "switch", "catch", "do", "defer", "repeat", "else"]
    static let accessorWords: Set<String> = ["get", "set", "willSet", "didSet", "_read", "_modify", "init", "unsafeAddress", "unsafeMutableAddress"]
    static let blockKeywordSet = WordSet(Array(blockKeywords))
    static let accessorWordSet = WordSet(Array(accessorWords))

    func run() -> BodyAnalysis {
        let tokens = file.tokens
        // Braces that open declaration bodies (types, functions, accessors) are not closures:
        // marked in a bitmap over the tokens (a set of token numbers costs a hash per brace).
        var declBraces = [UInt64](repeating: 0, count: tokens.count / 64 + 1)
        func mark(_ i: Int?) {
            guard let i = i, i >= 0, i < tokens.count else { return }
            declBraces[i >> 6] |= 1 << UInt64(i & 63)
        }
        func collect(_ members: [Member]) {
            for m in members {
                switch m {
                case .type(let t):
                    mark(t.bodyOpen)
                    collect(t.members)
                case .function(let f):
                    mark(f.bodyOpen)
                case .variable(let v):
                    mark(v.accessorOpen)
                default: break
                }
            }
        }
        collect(file.tree.declarations)
        for p in file.tree.previewBodies { mark(p.open) }

        // Stack of open brackets: (token, closure index or -1).
        var stack = RawStack<(token: Int, closure: Int32)>(capacity: 64)
        defer { stack.deallocate() }
        // Bracket depths at which a statement keyword waits for its block brace.
        var pending: [Int] = []
        var closures: [ClosureInfo] = []
        var current: Int32 = -1
        // The per-token loop reads tokens and writes `innermost` through raw buffers: it runs over
        // every token of every checked file.
        var innermost = [Int32](repeating: -1, count: tokens.count)
        // Read once, not through the static accessors on every keyword.
        let blockWords = BodyAnalyzer.blockKeywordSet, accessorWordBytes = BodyAnalyzer.accessorWordSet
        innermost.withUnsafeMutableBufferPointer { inner in
            tokens.withUnsafeBufferPointer { toks in
                for i in 0..<toks.count {
                    let kind = toks[i].kind
                    switch kind {
                    case .keyword:
                        if file.isText(i, in: blockWords) && file.kind(i - 1) != .period {
                            // `repeat { } while cond` has no block after `while`.
                            if file.isText(i, "while"), file.kind(i - 1) == .rightBrace, let o = file.partner(i - 1), file.isWord(o - 1, "repeat") { break }
                            if pending.last != stack.count { pending.append(stack.count) }
                        }
                    case .semicolon:
                        while let p = pending.last, p >= stack.count { pending.removeLast() }
                    case .leftParen, .leftBracket:
                        stack.push((i, current))
                    case .leftBrace:
                        var isClosure = true
                        if declBraces[i >> 6] & (1 << UInt64(i & 63)) != 0 {
                            isClosure = false
                        } else if let p = pending.last, p == stack.count {
                            pending.removeLast()
                            isClosure = false
                        } else if i > 0, toks[i - 1].kind == .identifier, file.isText(i - 1, in: accessorWordBytes), file.kind(i - 2) != .period {
                            isClosure = false
                        } else if i > 0, toks[i - 1].kind == .rightParen, let o = file.partner(i - 1), file.isWord(o - 1, "set") || file.isWord(o - 1, "willSet") || file.isWord(o - 1, "didSet") {
                            isClosure = false
                        } else if opensLocalFunctionBody(i) {
                            isClosure = false
                        }
                        if isClosure {
                            var info = describesClosures ? describeClosure(open: i, top: stack.last, closures: closures, innermost: UnsafeBufferPointer(inner))
                                : bareClosure(open: i)
                            info.parent = current >= 0 ? Int(current) : nil
                            closures.append(consume info)
                            stack.push((i, current))
                            current = Int32(closures.count - 1)
                        } else {
                            stack.push((i, current))
                        }
                    case .rightParen, .rightBracket, .rightBrace:
                        // Pop to the partner when balanced; ignore stray closers.
                        // (The partner is looked for among the top 64 entries only.)
                        if let open = file.partner(i) {
                            var pos = stack.count - 1
                            let lowest = max(0, stack.count - 64)
                            while pos >= lowest && stack[pos].token != open { pos -= 1 }
                            if pos >= lowest {
                                current = stack[pos].closure
                                stack.count = pos
                                while let p = pending.last, p > stack.count { pending.removeLast() }
                            }
                        }
                    default:
                        break
                    }
                    inner[i] = current
                    // A closing brace belongs to the closure it closes.
                    if kind == .rightBrace, let open = file.partner(i), open < i, inner[open] != current {
                        inner[i] = inner[open]
                    }
                }
            }
        }
        return BodyAnalysis(closures: closures, innermost: innermost)
    }

    /// Whether the `{` at `i` opens the body of a function declared inside other code (`func
    /// reset() { … }` in a method), which the structure pass does not list: back over its return
    /// type, `throws`, `async` and `where` clause to the parameter list, which follows `func` and
    /// the name (and generic parameters).
    func opensLocalFunctionBody(_ i: Int) -> Bool {
        var j = i - 1
        var steps = 0
        while j > 0, steps < 32 {
            steps += 1
            switch file.kind(j) {
            case .rightParen:
                guard let o = file.partner(j), o < j else { return false }
                var n = o - 1
                if file.isText(n, ">") {
                    // `func make<T>(…)`: back over the generic parameters.
                    var k = n - 1
                    while k > 0, n - k < 32, !file.isText(k, "<") { k -= 1 }
                    guard file.isText(k, "<") else { return false }
                    n = k - 1
                }
                if (file.kind(n) == .identifier || file.kind(n) == .operator) && file.isWord(n - 1, "func") { return true }
                // `init(…) { … }` of a type declared inside a function.
                if file.isWord(n, "init") && file.kind(n - 1) != .period { return true }
                // `-> (Int, Int)`: a return type in parentheses; the parameters come before it.
                guard file.kind(o - 1) == .arrow else { return false }
                j = o - 2
            case .rightBracket:
                guard let o = file.partner(j), o < j else { return false }
                j = o - 1
            case .identifier, .keyword, .period, .arrow, .operator, .comma, .colon:
                j -= 1
            default:
                return false
            }
        }
        return false
    }

    /// The closure opened at `open` with its braces only: nothing known yet of what it is passed to.
    func bareClosure(open: Int) -> ClosureInfo {
        ClosureInfo(open: open, close: file.partner(open) ?? file.tokens.count - 1, callee: [], calleeStart: nil, label: nil,
                    isTrailing: false, attributes: [], inToken: nil, parent: nil)
    }

    /// What the closure opened at `open` is passed to. `top` is the innermost bracket open
    /// around it, if any.
    /// `closures` holds the closures described so far (those before `open`), and `innermost` the
    /// innermost closure of every token before `open`.
    func describeClosure(open: Int, top: (token: Int, closure: Int32)?, closures: [ClosureInfo], innermost: UnsafeBufferPointer<Int32>) -> ClosureInfo {
        var info = bareClosure(open: open)
        let p = open - 1
        switch file.kind(p) {
        case .rightParen:
            // `foo(args) { }`: trailing closure of the call.
            let (comps, start) = file.chain(endingAt: p)
            info.callee = comps.last?.name == "()" ? Array(comps.dropLast()) : comps
            if let last = info.callee.last, last.callParen == nil, let o = file.partner(p) { info.callee[info.callee.count - 1].callParen = o }
            info.calleeStart = start
            info.isTrailing = true
        case .identifier, .keyword:
            if file.kind(p) == .keyword && !(file.isText(p, "self") || file.isText(p, "super") || file.isText(p, "Self"))
                && !(file.isText(p, "catch") && file.kind(p - 1) == .period) { break }
            let (comps, start) = file.chain(endingAt: p)
            info.callee = comps
            info.calleeStart = start
            info.isTrailing = true
        case .operator where file.isText(p, ">"):
            // `Task<Void, Never> { }`: skip the generic arguments.
            var j = p, depth = 0
            while j >= 0 {
                if file.kind(j) == .operator {
                    if file.isText(j, ">") { depth += 1 } else if file.isText(j, "<") { depth -= 1; if depth == 0 { break } }
                }
                j -= 1
                if p - j > 32 { break }
            }
            if j > 0, depth == 0 {
                let (comps, start) = file.chain(endingAt: j - 1)
                info.callee = comps
                info.calleeStart = start
                info.isTrailing = true
            }
        case .colon, .leftParen, .comma:
            // An argument: find the enclosing `(` and its callee.
            if file.kind(p) == .colon, file.kind(p - 1) == .identifier || file.kind(p - 1) == .keyword { info.label = file.name(p - 1) }
            if let top = top, file.kind(top.token) == .leftParen, top.token > 0 {
                let (comps, start) = file.chain(endingAt: top.token - 1)
                if file.tokens[top.token].hasSpaceBefore == false || file.kind(top.token - 1) == .rightParen {
                    info.callee = comps
                    if !info.callee.isEmpty { info.callee[info.callee.count - 1].callParen = top.token }
                    info.calleeStart = start
                }
            } else if file.kind(p) == .colon, file.kind(p - 2) == .rightBrace, let prevOpen = file.partner(p - 2) {
                // A labelled extra trailing closure: `foo { } onFailure: { }`. The previous closure
                // was described already (looking it up, not recursing, keeps long chains of
                // labelled closures linear and off the stack).
                let recorded = prevOpen < innermost.count ? Int(innermost[prevOpen]) : -1
                var prev: ClosureInfo? = nil
                if recorded >= 0, closures[recorded].open == prevOpen {
                    prev = closures[recorded]
                } else if !innermost.isEmpty {
                    // Braces that are not a closure: described once, without following labels further.
                    prev = describeClosure(open: prevOpen, top: top, closures: [], innermost: UnsafeBufferPointer(start: nil, count: 0))
                }
                if let prev = prev {
                    info.callee = prev.callee
                    info.calleeStart = prev.calleeStart
                    info.isTrailing = true
                }
            }
        default:
            break
        }
        // Signature: `{ @MainActor [weak self] value in`.
        var j = open + 1
        let limit = min(info.close, open + 96)
        while j < limit {
            let k = file.kind(j)
            if k == .at, file.kind(j + 1) == .identifier {
                info.attributes.append(file.text(j + 1))
                j += 2
                continue
            }
            if k == .keyword && file.isText(j, "in") { info.inToken = j; break }
            if k == .leftBracket || k == .leftParen { j = (file.partner(j) ?? j) + 1; continue }
            if k == .identifier || k == .comma || k == .colon || k == .arrow || k == .period || k == .dollarIdentifier
                || (k == .keyword && (file.isText(j, "throws") || file.isText(j, "_") || file.isText(j, "Self") || file.isText(j, "Any")))
                || (k == .operator && (file.isText(j, "?") || file.isText(j, "!") || file.isText(j, "<") || file.isText(j, ">"))) {
                j += 1
                continue
            }
            break
        }
        if info.inToken == nil { info.attributes = [] }
        return info
    }
}
