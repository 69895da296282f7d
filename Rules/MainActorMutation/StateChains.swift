/// Publisher chains that start at observable state: they deliver where that state is written.
import MVILintCore

extension MainActorMutation {
    /// `self.`
    static let selfDot = TokenPattern(.word("self"), .period)
    /// `prefs.$host`
    static let holderState = TokenPattern(.identifier, .period, .kind(.dollarIdentifier))
    /// `session.state`
    static let holderMember = TokenPattern(.identifier, .period, .identifier)
    /// `.state`
    static let member = TokenPattern(.period, .identifier)
    /// `.$value`
    static let memberState = TokenPattern(.period, .kind(.dollarIdentifier))
    /// `Publishers.CombineLatest`
    static let publishersType = TokenPattern(.word("Publishers"), .period, .identifier)
    /// `with:`
    static let withLabel = TokenPattern(.word("with"), .colon)

    /// How far back (in tokens) the declaration of a local that starts a publisher chain is looked for.
    static let localSearchWindow = 2_048

    /// Whether the publisher chain before the subscriber of `c` starts at the model's own
    /// observable state (`$query`, `self.$query`) and passes only through operators that deliver
    /// synchronously (`map`, `filter`, `removeDuplicates`, …): a `@Published` property publishes
    /// on the thread that writes it, so the subscriber runs where the model writes that state,
    /// and a write of it off the main actor is reported where it is made.
    ///
    /// Also from the state of another model that is isolated to the main actor (`prefs.$host`,
    /// when `isolatedState.otherModelState("prefs", "host")`): only the main actor writes it. Or
    ///
    /// The chain runs from `start` up to the subscriber's name token `sink`. A chain that
    /// starts at a local of `body` (`let shared = $text.share()`) starts where its initial value
    /// does. With `endsAt`, the chain must end there instead of before a subscriber.
    static func derivesFromOwnState(in start: Int, before sink: Int, state: Set<String>, file: SourceFile,
                                     isolatedState: StateSources = StateSources(), body: TokenRange? = nil,
                                     endsAt: Int? = nil, depth: Int = 0) -> Bool {
        // `$query`, `self.$query`, `prefs.$host` (isolated): the token after it, or nil.
        func statePublisherEnd(at k: Int) -> Int? {
            var i = k
            if file.matches(selfDot, at: i) { i += 2 }
            if file.matches(holderState, at: i),
               isolatedState.otherModelState(file.name(i), String(file.name(i + 2).dropFirst())) { return i + 3 }
            if file.kind(i) == .dollarIdentifier, state.contains(String(file.name(i).dropFirst())) { return i + 1 }
            // `Settings.shared.alerts.$value`: state of a project model reached from a shared instance.
            if i == k, file.kind(i) == .identifier, file.beginsWithCapital(i), file.kind(i + 1) == .period {
                var names = [file.name(i)]
                var j = i + 1
                while names.count < 8, file.matches(member, at: j) { names.append(file.name(j + 1)); j += 2 }
                if names.count >= 2, file.matches(memberState, at: j),
                   isolatedState.sharedChainState(names, String(file.name(j + 1).dropFirst())) { return j + 2 }
            }
            // `session.state.$signedIn`: state of a project model reached through stored properties
            // of a holder whose type is known (a parameter, a stored property, a typed local).
            if file.matches(holderMember, at: i), !file.beginsWithCapital(i) {
                var names = [file.name(i)]
                var j = i + 1
                while names.count < 8, file.matches(member, at: j) { names.append(file.name(j + 1)); j += 2 }
                if names.count >= 2, file.matches(memberState, at: j),
                   isolatedState.holderChainState(names, String(file.name(j + 1).dropFirst())) { return j + 2 }
            }
            // `itemsPublisher`, `checkout.phasePublisher`: a computed property that hands out such a
            // publisher (`var itemsPublisher: Published<[Item]>.Publisher { $items }`).
            guard file.kind(i) == .identifier, file.kind(i + 1) != .leftParen else { return nil }
            // Also through an optional holder (`store?.countPublisher`).
            let dot = file.isText(i + 1, "?") && file.kind(i + 2) == .period ? i + 2 : i + 1
            if file.kind(dot) == .period, file.kind(dot + 1) == .identifier, file.kind(dot + 2) != .leftParen,
               let property = isolatedState.publisherAlias(file.name(i), file.name(dot + 1)),
               isolatedState.otherModelState(file.name(i), property) { return dot + 2 }
            if let property = isolatedState.publisherAlias(nil, file.name(i)), state.contains(property) { return i + 1 }
            return nil
        }
        // A local of `body` whose initial value is such a chain (`let mail = $mail.map(valid)`,
        // joined later: `Publishers.CombineLatest(mail, pass)`): the token after it, or nil.
        func localStateEnd(at k: Int) -> Int? {
            guard depth < 4, let b = body, file.kind(k) == .identifier, let value = localInitializer(of: k, in: b, file: file),
                  derivesFromOwnState(in: value.lowerBound, before: value.upperBound, state: state, file: file, isolatedState: isolatedState,
                                      body: b, endsAt: value.upperBound, depth: depth + 1) else { return nil }
            return k + 1
        }
        // Such a publisher, then synchronous operators up to `limit` (`$b.dropFirst()`): the token
        // after the last, or nil.
        func stateChainEnd(at k: Int, limit: Int) -> Int? {
            guard let end = statePublisherEnd(at: k) ?? localStateEnd(at: k) else { return nil }
            return synchronousOperatorsEnd(from: end, limit: limit, file: file, isolatedState: isolatedState)
        }
        // The arguments of `open`'s call are all such publishers, each maybe through synchronous
        // operators (a trailing transform closure after them is allowed): `combineLatest($b)`,
        // `combineLatest($b.removeDuplicates())`, `Publishers.Merge($a, $b)`.
        func combinesStatePublishers(_ open: Int) -> Bool {
            guard file.kind(open) == .leftParen, let close = file.partner(open), close > open + 1 else { return false }
            var k = open + 1
            while k < close {
                guard let end = stateChainEnd(at: k, limit: close) else { return false }
                if end == close { return true }
                guard file.kind(end) == .comma else { return false }
                k = end + 1
            }
            return false
        }
        var i = start
        if file.matches(publishersType, at: i),
           MainActorMutation.combiningPublishers.contains(file.name(i + 2)), combinesStatePublishers(i + 3), let close = file.partner(i + 3) {
            // `Publishers.CombineLatest3($a, $b, $c)`: each value arrives where one of them is written.
            i = close + 1
        } else if let end = statePublisherEnd(at: i) ?? localStateEnd(at: i) {
            i = end
        } else {
            return false
        }
        let limit = endsAt ?? sink - 1
        // `.operator`, its arguments and trailing closure, then the next, up to `.sink`.
        while i < limit {
            guard file.matches(member, at: i) else { return false }
            let name = file.name(i + 1)
            // `receive(on: ImmediateScheduler.shared)` delivers at once, on the same thread.
            let immediate = name == "receive" && file.kind(i + 2) == .leftParen
                && file.partner(i + 2).map { close in (i + 3..<close).contains { file.isWord($0, "ImmediateScheduler") } } == true
            // `.combineLatest($b)`, `.merge(with: $b)`: joined with more of the model's own state.
            let joinsState = MainActorMutation.combiningOperators.contains(name) && combinesStatePublishers(i + 2)
                || (name == "merge" && file.matches(withLabel, at: i + 3) && statePublisherEnd(at: i + 5).map { file.kind($0) == .rightParen } == true)
            guard immediate || joinsState || isolatedState.passesOnAtOnce(name) else { return false }
            i += 2
            while i < (endsAt ?? sink), file.kind(i) == .leftParen || file.kind(i) == .leftBrace, let close = file.partner(i), close > i { i = close + 1 }
        }
        if let end = endsAt { return i == end }
        return i == sink - 1 && file.kind(i) == .period
    }

    /// `library.changed.sink { … }`, `changed.sink { … }`: a subject of a project type that only the
    /// type's own code sends through, and only on the main queue or actor
    /// (`ProjectIndex.mainOnlySubjects`), maybe through operators that pass values on at once. The
    /// holder is a parameter or a stored property of the model whose declaration names its type.
    static func subscribesToMainOnlySubject(_ c: ClosureInfo, function: FunctionDecl, model: String, file: SourceFile, project: ProjectIndex,
                                             isolatedState: StateSources) -> Bool {
        guard !project.fact(MainOnlySubjects.self).members.isEmpty else { return false }
        let comps = c.callee
        var k = comps.first?.name == "self" ? 1 : 0
        guard comps.count - k >= 2 else { return false }
        var owner = model
        if comps.count - k >= 3, comps[k].callParen == nil {
            let holder = comps[k].name
            let declared = file.parameters(of: function).first { $0.name == holder }.map { $0.type?.baseName } ?? project.storedPropertyType(holder, of: model)
            if let t = declared.map({ TypeRef.baseName(of: $0) }), project.fact(MainOnlySubjects.self).members.contains(t + "." + comps[k + 1].name) {
                owner = t
                k += 1
            }
        }
        guard comps[k].callParen == nil, project.fact(MainOnlySubjects.self).members.contains(owner + "." + comps[k].name) else { return false }
        return comps[(k + 1)..<(comps.count - 1)].allSatisfy { isolatedState.passesOnAtOnce($0.name) }
    }

    /// Whether the chain from `start` up to the subscriber's name token `sink` starts with the
    /// construction of a project publisher that delivers at once (`SumPublisher(values: v)`,
    /// `ProjectIndex.synchronousPublisherTypes`), followed only by operators that pass values on at once.
    static func startsAtSynchronousPublisher(in start: Int, before sink: Int, file: SourceFile, project: ProjectIndex,
                                              isolatedState: StateSources) -> Bool {
        guard !project.fact(PublisherFacts.self).synchronousTypes.isEmpty, file.kind(start) == .identifier, file.kind(start + 1) == .leftParen,
              project.fact(PublisherFacts.self).synchronousTypes.contains(file.name(start)), let close = file.partner(start + 1), close > start else { return false }
        let end = synchronousOperatorsEnd(from: close + 1, limit: sink - 1, file: file, isolatedState: isolatedState)
        return end == sink - 1 && file.kind(end) == .period
    }

    /// The token after the operators that pass values on at once from `start` on (`.map { … }
    /// .removeDuplicates()`, their arguments and trailing closures), at most 64 of them and not
    /// past `limit`.
    static func synchronousOperatorsEnd(from start: Int, limit: Int, file: SourceFile, isolatedState: StateSources) -> Int {
        var end = start, steps = 0
        while end < limit, steps < 64, file.matches(member, at: end),
              isolatedState.passesOnAtOnce(file.name(end + 1)) {
            end += 2
            while end < limit, file.kind(end) == .leftParen || file.kind(end) == .leftBrace, let close = file.partner(end), close > end { end = close + 1 }
            steps += 1
        }
        return end
    }

    /// The initial value of the local that token `i` names (`validation` in `validation.sink { }`),
    /// declared by a `let` earlier in `body`: from after `=` to the end of its statement (lines
    /// that begin with `.` continue it).
    static func localInitializer(of i: Int, in body: TokenRange, file: SourceFile) -> Range<Int>? {
        guard file.kind(i) == .identifier, file.kind(i - 1) != .period else { return nil }
        let length = Int(file.tokens[i].length)
        var j = i - 1
        // Declared within a few thousand tokens, as locals are: a bounded walk keeps a function
        // with thousands of subscriptions linear.
        let lowest = max(body.lowerBound, i - localSearchWindow)
        while j >= lowest {
            defer { j -= 1 }
            guard file.matches(letBinding, at: j), Int(file.tokens[j + 1].length) == length, file.name(j + 1) == file.name(i) else { continue }
            let e = file.valueExpressionEnd(from: j + 3, before: i)
            return e > j + 3 ? (j + 3)..<e : nil
        }
        return nil
    }

    /// Publishers that join others and pass each value on where it arrives.
    static let combiningPublishers: Set<String> = [
        "CombineLatest", "CombineLatest3", "CombineLatest4", "Merge", "Merge3", "Merge4", "Merge5", "Merge6", "Merge7", "Merge8",
        "MergeMany", "Zip", "Zip3", "Zip4",
    ]
    /// Operators that join the upstream with other publishers, passing values on where they arrive.
    static let combiningOperators: Set<String> = ["combineLatest", "merge", "zip"]

    /// Whether `holder.$property` (`prefs.$host`) is observable state of a project model that a
    /// property of `model` or a parameter of `function` holds: a main-actor isolated model, which
    /// only the main actor writes, or another model, whose writes off the main actor this rule
    /// reports where they are made. A chain from it through synchronous operators delivers where
    /// it is written, like one from the model's own state.
    ///
    /// Also the state of another project model reached from a shared instance through stored
    /// properties (`Settings.shared.alerts.$value`, `sharedChainState`).
    ///
    /// Also the property whose publisher a computed property hands out (`phasePublisher` for
    /// `$phase`, `FileSummary.publisherAliases`): the model's own (`holder` nil) or that of the
    /// type of `holder`, a parameter of `function` or a stored property of `model`.
    static func stateSources(function: FunctionDecl, model: String, file: SourceFile, project: ProjectIndex) -> StateSources {
        // A local of the function whose type is written (`let timer: Stopwatch = …`) or cast to
        // (`if let timer = source as? Stopwatch {`, `guard let timer = source as? Stopwatch else`).
        // Only the start of the body is read (a bounded walk keeps a function with thousands of
        // chains linear), and only for another model's `$state`.
        func localType(_ holder: String) -> String? {
            guard let body = function.bodyTokens else { return nil }
            for i in body.prefix(localSearchWindow) where file.isWord(i, "let") || file.isWord(i, "var") {
                guard file.kind(i + 1) == .identifier, file.name(i + 1) == holder else { continue }
                if file.kind(i + 2) == .colon, file.kind(i + 3) == .identifier, file.beginsWithCapital(i + 3) { return file.name(i + 3) }
                guard file.kind(i + 2) == .equal else { continue }
                // The value ends at `{`, `,`, `else` or the end of the line; its last tokens are the cast.
                var j = i + 3
                while j < body.upperBound, j < i + 40, !file.tokens[j].isAtLineStart || j == i + 3,
                      file.kind(j) != .leftBrace, file.kind(j) != .comma, !file.isWord(j, "else") {
                    if file.kind(j) == .leftParen || file.kind(j) == .leftBracket, let close = file.partner(j), close > j { j = close + 1 } else { j += 1 }
                }
                let last = j - 1
                if last > i + 4, file.kind(last) == .identifier, file.beginsWithCapital(last),
                   (file.isWord(last - 2, "as") && (file.isText(last - 1, "?") || file.isText(last - 1, "!"))) || file.isWord(last - 1, "as") {
                    return file.name(last)
                }
            }
            return nil
        }
        func holderType(_ holder: String, locals: Bool = false) -> String? {
            // A parameter, a local with its type written or cast to (with `locals`), a stored
            // property, or a computed property of the model declared in this file with its type
            // written (`var archive: ArchiveSource { stored }`).
            let declared = file.parameters(of: function).first { $0.name == holder }.map { $0.type?.baseName } ?? (locals ? localType(holder) : nil)
                ?? project.storedPropertyType(holder, of: model)
                ?? file.tree.allTypes.lazy.filter { ($0.kind == .extension ? $0.extendedBaseName : $0.name) == model }
                    .compactMap { t in t.variables.first { $0.name == holder && !$0.isStatic }?.type?.baseName }.first
            guard let t = declared.map({ TypeRef.baseName(of: $0) }), project.symbol(t)?.declarationPath != nil else { return nil }
            return t
        }
        // The type reached from `start` through stored properties with declared types, when it is
        // an observable model of the project whose observable state includes `property`.
        func reachesState(from start: String, through names: ArraySlice<String>, _ property: String) -> Bool {
            var t = start
            for name in names {
                guard let next = project.storedPropertyType(name, of: t) else { return false }
                t = TypeRef.baseName(of: next)
            }
            guard project.symbol(t)?.declarationPath != nil else { return false }
            return project.isObservableModel(t) && project.observableState(of: t).contains(property)
        }
        return StateSources(synchronousOperators: project.fact(PublisherFacts.self).synchronousMethods, otherModelState: { holder, property in
            guard let t = holderType(holder, locals: true) else { return false }
            // A protocol (`any CounterStoring`): the state of every type of the project that adopts it.
            if let adopters = project.fact(PublisherAliases.self).protocolAdopters[t] {
                return adopters.allSatisfy { project.isObservableModel($0) && project.observableState(of: $0).contains(property) }
            }
            return project.isObservableModel(t) && project.observableState(of: t).contains(property)
        }, publisherAlias: { holder, name in
            guard let t = holder.map({ holderType($0) }) ?? model else { return nil }
            // A requirement of a protocol that every adopter implements with the same state's publisher.
            if let adopters = project.fact(PublisherAliases.self).protocolAdopters[t] {
                let properties = adopters.map { a in project.fact(PublisherAliases.self).aliases(of: a, in: project).first { $0.name == name }?.property }
                guard let first = properties.first ?? nil, properties.allSatisfy({ $0 == first }) else { return nil }
                return first
            }
            return project.fact(PublisherAliases.self).aliases(of: t, in: project).first { $0.name == name }?.property
        }, sharedChainState: { names, property in
            // `names[0]` a project type and `names[1]` its shared instance (its declared type, else
            // the type itself), then stored properties.
            guard names.count >= 2, let symbol = project.symbol(names[0]), symbol.declarationPath != nil,
                  PropertySummary.mayNameSharedInstance(names[1]) else { return false }
            let t = symbol.staticPropertyTypes.first { $0.name == names[1] }?.type ?? names[0]
            return reachesState(from: t, through: names.dropFirst(2), property)
        }, holderChainState: { names, property in
            // `names[0]` a holder whose type is known, then stored properties.
            guard names.count >= 2, let t = holderType(names[0], locals: true) else { return false }
            return reachesState(from: t, through: names.dropFirst(), property)
        })
    }

    /// What a publisher chain may start from besides the model's own `$state`: see `stateSources`.
    struct StateSources {
        /// Project operators that pass values on at once (`ProjectIndex.synchronousPublisherMethods`).
        var synchronousOperators: Set<String> = []
        /// Whether the operator `name` passes values on at once: Combine's (`map`, …) or the project's.
        func passesOnAtOnce(_ name: String) -> Bool {
            PublisherMethodSummary.synchronousOperators.contains(name) || synchronousOperators.contains(name)
        }
        var otherModelState: (String, String) -> Bool = { _, _ in false }
        var publisherAlias: (String?, String) -> String? = { _, _ in nil }
        var sharedChainState: ([String], String) -> Bool = { _, _ in false }
        var holderChainState: ([String], String) -> Bool = { _, _ in false }
    }
}
