/// The structure pass for members: variables, functions, parameters, and statement skipping.

extension Parser {
    // MARK: Variables

    /// Parses `var`/`let` with one or more bindings: returns the first, and appends the others
    /// to `pendingVariables` (most declarations have one binding: no array is made for them).
    mutating func parseVariables(at i: Int, end: Int, header: DeclHeader) -> (VariableDecl?, Int) {
        let isLet = isWord(i, "let")
        var first: VariableDecl? = nil
        var j = i + 1
        while j < end {
            var name = ""
            let nameToken = j
            if isIdentifierLike(j) || kind(j) == .dollarIdentifier {
                name = file.name(j)
                j += 1
            } else if kind(j) == .leftParen {
                // Tuple pattern: not a named property the rules look at.
                j = after(j)
            } else {
                break
            }
            var type: TypeRef? = nil
            if kind(j) == .colon {
                let (ref, next) = parseTypeRef(from: j + 1, end: end)
                type = ref
                j = next
            }
            var initializer: TokenRange? = nil
            if kind(j) == .equal {
                let e = expressionEnd(from: j + 1, end: end)
                if e > j + 1 { initializer = (j + 1)..<e }
                j = e
            }
            var accessorOpen: Int? = nil, accessorClose: Int? = nil
            var isComputed = false, hasObservers = false
            if kind(j) == .leftBrace, let close = file.partner(j), close < end || close == end {
                let observers = isObserverBlock(j)
                if initializer == nil || observers {
                    accessorOpen = j
                    accessorClose = close
                    hasObservers = observers
                    isComputed = !observers
                    j = close + 1
                }
            }
            if !name.isEmpty {
                let v = VariableDecl(header: header, isLet: isLet, name: name, nameToken: nameToken, type: type,
                                     initializer: initializer, accessorOpen: accessorOpen, accessorClose: accessorClose,
                                     isComputed: isComputed, hasObservers: hasObservers)
                if first == nil { first = v } else { pendingVariables.append(v) }
            }
            if kind(j) == .comma && j < end { j += 1; continue }
            break
        }
        return (first, max(j, i + 1))
    }

    /// Whether the block opened at `open` holds `willSet`/`didSet` observers.
    func isObserverBlock(_ open: Int) -> Bool {
        var k = open + 1
        while kind(k) == .at {
            k += 2
            if kind(k) == .leftParen { k = after(k) }
        }
        return isWord(k, "willSet") || isWord(k, "didSet")
    }

    /// End (exclusive) of an expression starting at `start`: the first depth-0 `,`, `;`, closer,
    /// observer block, or line break after which the expression clearly does not continue.
    func expressionEnd(from start: Int, end: Int) -> Int {
        var j = start
        while j < end {
            let k = kind(j)
            switch k {
            case .comma, .semicolon, .rightParen, .rightBracket, .rightBrace, .eof:
                return j
            default:
                break
            }
            if j > start && atLineStart(j) && !continuesExpression(j) { return j }
            if k == .leftBrace {
                if isObserverBlock(j) { return j }
                j = after(j)
                continue
            }
            if k == .leftParen || k == .leftBracket { j = after(j); continue }
            // `PassthroughSubject<String, Never>()`: the comma inside does not end the binding.
            if k == .operator, let close = genericArgumentsEnd(at: j, end: end) { j = close + 1; continue }
            j += 1
        }
        return min(j, end)
    }

    /// Whether the line-start token `j` continues the expression before it (Swift's rules:
    /// a leading `.member` or binary operator, or a previous line ending with an operator).
    func continuesExpression(_ j: Int) -> Bool {
        let k = kind(j)
        if k == .period { return true }
        if k == .operator && Token.hasSpaceAfter(j, in: tokens) && !isText(j, "!") { return true }
        if k == .operator && (isText(j, "?") || isText(j, "??")) { return true }
        if k == .poundKeyword && (isText(j, "#if") || isText(j, "#else") || isText(j, "#elseif") || isText(j, "#endif")) { return false }
        let p = kind(j - 1)
        if p == .equal || p == .arrow || p == .colon || p == .comma || p == .leftParen || p == .leftBracket { return true }
        if p == .operator && tokens[j - 1].hasSpaceBefore { return true }
        if isWord(j - 1, "in") || isWord(j - 1, "try") || isWord(j - 1, "await") || isWord(j - 1, "return") { return true }
        return false
    }

    /// Skips one unknown statement or declaration: to the next line-start token that begins a
    /// declaration, or past a `;`. Always advances.
    func skipStatement(from start: Int, end: Int) -> Int {
        var j = start
        var first = true
        while j < end {
            let k = kind(j)
            if !first && atLineStart(j) && startsDeclaration(j) { return j }
            if k == .semicolon { return j + 1 }
            if k == .rightBrace || k == .rightParen || k == .rightBracket { return first ? j + 1 : j }
            if k == .leftParen || k == .leftBracket || k == .leftBrace { j = after(j) } else { j += 1 }
            first = false
        }
        return max(min(j, end), start + 1)
    }

    // MARK: Functions

    mutating func parseFunction(at i: Int, end: Int, header: DeclHeader) -> (FunctionDecl, Int) {
        let fkind: FunctionKind = isWord(i, "init") ? .initializer : isWord(i, "deinit") ? .deinitializer : isWord(i, "subscript") ? .subscript : .function
        var j = i + 1
        // `init`, `deinit`, `subscript`, or the function's name below (a keyword's text is not decoded).
        var name = fkind == .initializer ? "init" : fkind == .deinitializer ? "deinit" : fkind == .subscript ? "subscript" : "func"
        var nameToken = i
        if fkind == .function {
            if isIdentifierLike(j) || kind(j) == .operator || kind(j) == .equal {
                name = kind(j) == .identifier || kind(j) == .keyword ? file.name(j) : file.text(j)
                nameToken = j
                j += 1
            }
        } else if fkind == .initializer, kind(j) == .operator, isText(j, "?") || isText(j, "!"), !tokens[j].hasSpaceBefore {
            j += 1
        }
        if kind(j) == .operator, file.bytes[Int(tokens[j].start)] == UInt8(ascii: "<") {
            j = angleEnd(from: j, end: end) + 1
        }
        var parameterOpen: Int? = nil, parameterClose: Int? = nil
        if kind(j) == .leftParen, let close = file.partner(j) {
            parameterOpen = j
            parameterClose = close
            j = close + 1
        }
        var isAsync = false, isThrowing = false
        var returnType: TokenRange? = nil
        while j < end {
            if isWord(j, "async") || isWord(j, "reasync") { isAsync = true; j += 1; continue }
            if isWord(j, "throws") || isWord(j, "rethrows") {
                isThrowing = true
                j += 1
                if kind(j) == .leftParen && !tokens[j].hasSpaceBefore { j = after(j) }
                continue
            }
            break
        }
        if kind(j) == .arrow {
            // Only its extent: the type itself is built when asked for (`returnType(of:)`).
            let next = typeEnd(from: j + 1, end: end)
            if next > j + 1 { returnType = (j + 1)..<next }
            j = next
        }
        if isWord(j, "where") {
            while j < end && kind(j) != .leftBrace && !(atLineStart(j) && startsDeclaration(j)) {
                j = kind(j) == .leftParen || kind(j) == .leftBracket ? after(j) : j + 1
            }
        }
        var bodyOpen: Int? = nil, bodyClose: Int? = nil
        if kind(j) == .leftBrace {
            bodyOpen = j
            if let close = file.partner(j) {
                bodyClose = close
                j = close + 1
            } else {
                bodyClose = end
                j = end
            }
        }
        let f = FunctionDecl(kind: fkind, name: name, nameToken: nameToken, header: header, parameterOpen: parameterOpen, parameterClose: parameterClose,
                             isAsync: isAsync, isThrowing: isThrowing, returnTypeTokens: returnType, bodyOpen: bodyOpen, bodyClose: bodyClose)
        return (f, max(j, i + 1))
    }

    /// Parameters between the parentheses at `open` and `close`.
    func parseParameters(open: Int, close: Int) -> [Parameter] {
        var result: [Parameter] = []
        var segStart = open + 1
        var j = open + 1
        while j <= close {
            if j == close || kind(j) == .comma {
                if let p = parseParameter(segStart..<j) { result.append(p) }
                segStart = j + 1
                j += 1
                continue
            }
            if kind(j) == .leftParen || kind(j) == .leftBracket || kind(j) == .leftBrace { j = min(after(j), close) } else { j += 1 }
        }
        return result
    }

    func parseParameter(_ range: Range<Int>) -> Parameter? {
        var j = range.lowerBound
        while j < range.upperBound && kind(j) == .at {
            j += 2
            if kind(j) == .leftParen { j = after(j) }
        }
        var names: [Int] = []
        while j < range.upperBound && kind(j) != .colon {
            if isIdentifierLike(j) { names.append(j) }
            j += 1
        }
        guard let last = names.last else { return nil }
        let nameToken = last
        let name = file.name(last)
        var label: String? = name
        if names.count >= 2 {
            let first = names[names.count - 2]
            label = isText(first, "_") ? nil : file.name(first)
        } else if isText(last, "_") {
            label = nil
        }
        var type: TypeRef? = nil
        var isInout = false
        var defaultValue: TokenRange? = nil
        if kind(j) == .colon {
            j += 1
            var k = j
            while k < range.upperBound && (isWord(k, "inout") || isWord(k, "borrowing") || isWord(k, "consuming") || isWord(k, "__owned") || isWord(k, "sending")) {
                if isWord(k, "inout") { isInout = true }
                k += 1
            }
            let (ref, next) = parseTypeRef(from: j, end: range.upperBound)
            type = ref
            j = next
            if kind(j) == .equal, j + 1 < range.upperBound { defaultValue = (j + 1)..<range.upperBound }
        }
        return Parameter(label: label, name: name, nameToken: nameToken, type: type, isInout: isInout, defaultValue: defaultValue)
    }
}

extension SourceFile {
    /// The function's return type, built on first use (most are never asked for) and then kept on
    /// the declaration; nil when it declares none.
    public func returnType(of function: FunctionDecl) -> TypeRef? {
        if let cached = function.parsedReturnType { return cached }
        let parsed = function.returnTypeTokens.flatMap { Parser(file: self).makeTypeRef($0) }
        function.parsedReturnType = .some(parsed)
        return parsed
    }

    /// The parameters of `function`, parsed on first use and then kept on the declaration.
    public func parameters(of function: FunctionDecl) -> [Parameter] {
        if let cached = function.parsedParameters { return cached }
        guard let open = function.parameterOpen, let close = function.parameterClose else {
            function.parsedParameters = []
            return []
        }
        let parsed = Parser(file: self).parseParameters(open: open, close: close)
        function.parsedParameters = parsed
        return parsed
    }
}
