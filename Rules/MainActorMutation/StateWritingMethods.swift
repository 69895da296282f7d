/// What `main_actor_mutation` collects to follow calls: the synchronous methods of models that are
/// not isolated to the main actor and write their observable state, and which files may call them.
import MVILintCore

/// The project's synchronous model methods that write observable state (`update(_:)` setting
/// `@Published var items`), so that a call of one from an off-main context is reported at the
/// call, in any type of the project.
struct StateWritingMethods: ProjectFact {
    /// One method that writes observable state of its model.
    struct Writer: Sendable {
        /// The model that declares it (or an extension of it).
        var model: String
        var method: String
        /// The observable state it writes, directly or through another such method of the model.
        var state: [String]
    }

    /// Method name → the models' methods of that name that write observable state.
    var writers: [String: [Writer]] = [:]
    /// The names of `writers`, for a quick look at a token.
    var names = WordSet([])
    /// Files that may call one of them (their calls' names overlap `writers`'s).
    var callerFiles: Set<String> = []

    /// A file's contribution: its classes' and extensions' synchronous methods with the names
    /// they write and call on `self` outside closures, and a filter of the names it calls.
    struct FileMethods: Sendable {
        var methods: [Method] = []
        /// Properties declared `@MainActor` (the compiler checks their writes), as `Type.name`.
        var mainActorState: [String] = []
        /// Bloom filter (256 bits) of the names written before `(` in the file.
        var calledNames: CallFilter = CallFilter()
    }

    struct Method: Sendable {
        var owner: String
        var name: String
        /// Names written at the method's own level (not in a closure): the first name of each
        /// target (`items` in `self.items.append(x)`), with whether the target goes further
        /// (`api.token = t`, a method called on it), which a class held there would take.
        var written: [String]
        var deep: [Bool]
        /// Methods it calls on `self` at its own level.
        var selfCalls: [String]
    }

    /// A 256-bit Bloom filter of names, two bits a name.
    struct CallFilter: Sendable {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var isEmpty: Bool { words.0 | words.1 | words.2 | words.3 == 0 }

        /// Two bits for the name in `bytes[a..<b]`, from its length and three of its bytes.
        @inline(__always)
        static func bits(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> (Int, Int) {
            guard b > a else { return (0, 0) }
            var h = UInt64(b - a) &* 0x9E37_79B9_7F4A_7C15
            h ^= UInt64(bytes[a]) | UInt64(bytes[b - 1]) << 8 | UInt64(bytes[a + (b - a) / 2]) << 16
            h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 32
            return (Int(h & 255), Int((h >> 8) & 255))
        }

        static func bits(of name: String) -> (Int, Int) {
            let bytes = Array(name.utf8)
            return bytes.withUnsafeBufferPointer { bits($0, 0, bytes.count) }
        }

        mutating func insert(_ bits: (Int, Int)) { set(bits.0); set(bits.1) }

        private mutating func set(_ bit: Int) {
            let mask: UInt64 = 1 << UInt64(bit & 63)
            switch bit >> 6 {
            case 0: words.0 |= mask
            case 1: words.1 |= mask
            case 2: words.2 |= mask
            default: words.3 |= mask
            }
        }

        func contains(_ bits: (Int, Int)) -> Bool { has(bits.0) && has(bits.1) }

        private func has(_ bit: Int) -> Bool {
            let mask: UInt64 = 1 << UInt64(bit & 63)
            switch bit >> 6 {
            case 0: return words.0 & mask != 0
            case 1: return words.1 & mask != 0
            case 2: return words.2 & mask != 0
            default: return words.3 & mask != 0
            }
        }
    }

    static func collect(from file: SourceFile, isTestCode: Bool) -> FileMethods? {
        // Test code never runs in the app: its calls are not reported, and its types decide nothing.
        guard !isTestCode, !MainActorMutation.isInPreviewContent(file.path) else { return nil }
        var out = FileMethods()
        // The names called in the bodies of the file's methods (where the rule looks for calls),
        // read straight from the token buffer.
        file.bytes.withUnsafeBufferPointer { bytes in
            file.tokens.withUnsafeBufferPointer { tokens in
                for t in file.tree.allTypes where t.kind != .protocol {
                    for f in t.functions {
                        guard let body = f.bodyTokens, body.lowerBound >= 0, body.upperBound < tokens.count else { continue }
                        for i in body where tokens[i].kind == .identifier && tokens[i + 1].kind == .leftParen {
                            out.calledNames.insert(CallFilter.bits(bytes, Int(tokens[i].start), Int(tokens[i].end)))
                        }
                    }
                }
            }
        }
        for t in file.tree.allTypes where mayBeModel(t) && !MainActorMutation.isPreviewCode(t, in: file) {
            if t.header.isMainActor { continue }
            for v in t.variables where v.header.isMainActor { out.mainActorState.append((t.kind == .extension ? t.extendedBaseName : t.name) + "." + v.name) }
            for f in t.functions where f.kind == .function && !f.isAsync && !f.header.isMainActor && !f.header.isStatic {
                guard let body = f.bodyTokens else { continue }
                var m = Method(owner: t.kind == .extension ? t.extendedBaseName : t.name, name: f.name, written: [], deep: [], selfCalls: [])
                var locals: Set<String>? = nil
                for w in file.mutations(in: body) {
                    guard let root = w.path.first, !inClosure(w.operatorToken, body: body, file: file) else { continue }
                    if !w.viaSelf {
                        if locals == nil { locals = MainActorMutation.localNames(in: body, function: f, file: file) }
                        if locals!.contains(root) { continue }
                    }
                    var deep = w.path.count > 1
                    if case .mutatingCall = w.kind { deep = deep || w.path.count == 1 }
                    m.written.append(root); m.deep.append(deep)
                }
                for i in body where file.kind(i) == .identifier && file.kind(i + 1) == .leftParen {
                    let implicit = file.kind(i - 1) != .period && !file.isWord(i - 1, "func")
                    let viaSelf = file.kind(i - 1) == .period && file.isWord(i - 2, "self") && file.kind(i - 3) != .period
                    guard implicit || viaSelf, !inClosure(i, body: body, file: file) else { continue }
                    m.selfCalls.append(file.name(i))
                }
                if !m.written.isEmpty || !m.selfCalls.isEmpty { out.methods.append(m) }
            }
        }
        return out.methods.isEmpty && out.calledNames.isEmpty ? nil : out
    }

    /// A class that says what it inherits or is `@Observable` (a model is either), or an extension
    /// of a type that may be one (not of the standard library's values and collections).
    static func mayBeModel(_ t: TypeDecl) -> Bool {
        switch t.kind {
        case .class: return !t.inherited.isEmpty || t.header.hasAttribute("Observable")
        case .extension: return !valueTypes.contains(t.extendedBaseName)
        default: return false
        }
    }

    static let valueTypes: Set<String> = ["Array", "Dictionary", "Set", "Optional", "String", "Substring", "Character", "Int", "Double",
                                          "Float", "Bool", "Date", "URL", "Data", "UUID", "Decimal", "Collection", "Sequence",
                                          "RandomAccessCollection", "View", "Color", "Font", "Image", "Text", "Binding", "Publisher",
                                          "Notification", "CGFloat", "CGSize", "CGPoint", "CGRect", "Result", "Error", "Encodable",
                                          "Decodable", "Equatable", "Hashable", "Identifiable", "Comparable", "ShapeStyle", "EdgeInsets"]

    /// Whether token `i` is inside a closure of the function body `body`.
    static func inClosure(_ i: Int, body: TokenRange, file: SourceFile) -> Bool {
        file.bodyAnalysis.enclosingClosures(of: i).contains { $0.open >= body.lowerBound - 1 }
    }

    static func intern(_ fact: inout FileMethods, with interner: StringInterner) {
        for k in fact.methods.indices {
            fact.methods[k].owner = interner.intern(fact.methods[k].owner)
            fact.methods[k].name = interner.intern(fact.methods[k].name)
        }
    }

    static func merge(_ files: [FactContribution<FileMethods>], in project: ProjectIndex) -> StateWritingMethods {
        var out = StateWritingMethods()
        // Per model: method name → the state it writes itself, and the methods it calls on self.
        var byModel: [String: [String: (state: Set<String>, calls: Set<String>)]] = [:]
        var stateOf: [String: Set<String>] = [:]
        let mainActorState = Set(files.flatMap(\.fact.mainActorState))
        for file in files {
            for m in file.fact.methods {
                let model = m.owner
                let state: Set<String>
                if let s = stateOf[model] { state = s } else {
                    let declaredIn = project.symbol(model)?.declarationPath ?? file.path
                    let isModel = project.kind(of: model) == .class && project.isObservableModel(model)
                        && !project.isCoreDataEntity(model) && project.symbol(model)?.isSwiftDataModel != true
                    state = isModel && !project.isMainActorIsolated(model, declaredIn: declaredIn)
                        ? project.observableState(of: model).filter { !mainActorState.contains(model + "." + $0) } : []
                    stateOf[model] = state
                }
                guard !state.isEmpty else { continue }
                var written = Set<String>()
                for (k, root) in m.written.enumerated() where state.contains(root) {
                    // A class or actor held by the property is what a deeper write changes.
                    if m.deep[k], let type = project.storedPropertyType(root, of: model), let kind = project.kind(of: type),
                       kind == .class || kind == .actor { continue }
                    written.insert(root)
                }
                var entry = byModel[model, default: [:]][m.name] ?? (state: [], calls: [])
                entry.state.formUnion(written)
                entry.calls.formUnion(m.selfCalls)
                byModel[model, default: [:]][m.name] = entry
            }
        }
        // Through calls on self: a method that calls a writer writes what it writes.
        for (model, methods) in byModel {
            var states = methods.mapValues(\.state)
            var changed = true, rounds = 0
            while changed && rounds < 16 {
                changed = false; rounds += 1
                for (name, m) in methods {
                    for c in m.calls where c != name {
                        guard let other = states[c], !other.isSubset(of: states[name] ?? []) else { continue }
                        states[name, default: []].formUnion(other); changed = true
                    }
                }
            }
            for (name, state) in states where !state.isEmpty {
                out.writers[name, default: []].append(Writer(model: model, method: name, state: state.sorted()))
            }
        }
        guard !out.writers.isEmpty else { return out }
        out.names = WordSet(Array(out.writers.keys))
        let bits = out.writers.keys.map { CallFilter.bits(of: $0) }
        for file in files where bits.contains(where: { file.fact.calledNames.contains($0) }) { out.callerFiles.insert(file.path) }
        return out
    }
}
