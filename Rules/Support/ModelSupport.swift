/// Helpers shared by rules: models, view-like types, constructions and layer names.
import MVILintCore

extension TypeDecl {
    /// The simple name the index knows this type by (an extension's extended type).
    var indexName: String { kind == .extension ? extendedBaseName : name }

    /// The type named `name` declared directly inside this one, if any.
    func nestedType(named name: String) -> TypeDecl? {
        for m in members { if case .type(let t) = m, t.kind != .extension, t.name == name { return t } }
        return nil
    }
}

extension ProjectIndex {
    /// Whether a protocol `type` conforms to requires a property `name`: any requirement, or with
    /// `settable` only `{ get set }` ones. `sdk` lists framework protocols' requirements by name.
    func protocolRequires(_ name: String, of type: TypeDecl, settable: Bool, sdk: [String: Set<String>] = [:]) -> Bool {
        conforms(type.indexName) { n in
            if sdk[n]?.contains(name) == true { return true }
            guard let s = symbol(n), s.kind == .protocol else { return false }
            return (settable ? s.settableRequirements : s.propertyRequirements).contains(name)
        }
    }

    /// The protocol of the project, among those `type` conforms to, that requires a property `name`
    /// to be settable (`{ get set }`); nil when none does.
    func protocolRequiringSettable(_ name: String, of type: TypeDecl) -> TypeSymbol? {
        var found: TypeSymbol? = nil
        _ = conforms(type.indexName) { n in
            guard let s = symbol(n), s.kind == .protocol, s.settableRequirements.contains(name) else { return false }
            found = s
            return true
        }
        return found
    }

    /// The `@MainActor` method requirements of the project's protocols that `type` (a declaration
    /// or an extension) states a conformance to, directly or through a protocol they refine: a
    /// method of that same declaration that witnesses one is isolated to the main actor too.
    func mainActorRequirements(conformedToBy type: TypeDecl) -> Set<String> {
        guard hasMainActorRequirements else { return [] }
        var out = Set<String>()
        for p in type.inheritedBaseNames {
            _ = conforms(p) { n in
                if let s = symbol(n), s.kind == .protocol { out.formUnion(s.mainActorRequirements) }
                return false
            }
        }
        return out
    }

    /// Whether the declaration is (or extends) an observable model class.
    func isModel(_ t: TypeDecl) -> Bool {
        // The same test as the engine's, on a file's summary (`FileScope.declaresModel`).
        isModel(kind: t.kind, name: t.indexName, hasObservableAttribute: t.kind == .class && t.header.hasAttribute("Observable"),
                inherited: t.inheritedBaseNames)
    }

    /// The view types and view extensions declared in `file`, in source order. Most rules start
    /// from them, so they are worked out once per file rather than once per rule.
    func viewTypes(in file: SourceFile) -> [TypeDecl] {
        file.memo("viewTypes", -1) { file.tree.allTypes.filter { isViewLike($0) } }
    }

    /// Whether the declaration is (or extends) an `App`: made once by the system, it holds what it
    /// creates for the app's lifetime, and nothing is injected into it.
    func isApp(_ t: TypeDecl) -> Bool {
        isAppOrScene(t.indexName) && conforms(t.indexName) { $0 == "App" }
    }

    /// Whether the declaration is (or extends) a View-like type (View, ViewModifier, App, Scene).
    func isViewLike(_ t: TypeDecl) -> Bool {
        // The same test as the engine's, on a file's summary (`FileScope.declaresViewLike`).
        guard t.kind != .protocol else { return false }
        return isViewLike(kind: t.kind, name: t.indexName, inheritsViewProtocol: t.inheritsViewProtocol)
    }
}

extension SourceFile {
    /// The type constructed by an expression that begins at `start`: `Foo(…)`, `Foo.init(…)`,
    /// `Foo { … }`, `Module.Foo(…)`, or `.init(…)` (then `annotated` names the type). Returns the
    /// type's simple name and the token that names it.
    func constructedType(at start: Int, end: Int, annotated: TypeRef?) -> (name: String, token: Int)? {
        var i = start
        while i < end, isWord(i, "try") || isWord(i, "await") || (kind(i) == .operator && (isText(i, "?") || isText(i, "!"))) { i += 1 }
        guard i < end else { return nil }
        // Also `.init { … }`, a trailing closure on the same line.
        if kind(i) == .period, isWord(i + 1, "init"), kind(i + 2) == .leftParen || (kind(i + 2) == .leftBrace && i + 2 < end && !tokens[i + 2].isAtLineStart),
           let type = annotated {
            return (type.baseName, i + 1)
        }
        // `Self.Model(…)`: a type nested in the enclosing one.
        if isWord(i, "Self"), kind(i + 1) == .period, kind(i + 2) == .identifier, i + 2 < end { i += 2 }
        guard kind(i) == .identifier else { return nil }
        // Module-qualified names: take the last capitalised component before the call.
        let nameToken = lastCapitalisedComponent(from: i)
        guard beginsWithCapital(nameToken) else { return nil }
        var next = nameToken + 1
        if kind(next) == .operator, isText(next, "<"), let close = (next..<min(end, next + 64)).first(where: { isText($0, ">") }) { next = close + 1 }
        if kind(next) == .period, isWord(next + 1, "init") { next += 2 }
        let opens = (kind(next) == .leftParen && !tokens[next].hasSpaceBefore) || (kind(next) == .leftBrace && next < end)
        return opens ? (name(nameToken), nameToken) : nil
    }

    /// The type of the new instance that the expression at `start` makes inside an initializer's
    /// `body`: a construction (`constructedType`), a static factory call on the `annotated` type
    /// (`Model.make(id: id)`, `.preview()`, but not `Model.shared` or `Model.shared()`), or a local
    /// constant of `body` declared before `start` with such an initial value and not reassigned
    /// (`let model = Model(id: id); model.configure(); _model = StateObject(wrappedValue: model)`).
    /// `end` bounds the expression. Without `factories`, only constructions count, directly or
    /// through the local (a rule that reports a new instance does not guess what a factory returns).
    func newInstance(at start: Int, end: Int, annotated: TypeRef?, in body: TokenRange, factories: Bool = true) -> String? {
        if let made = madeInstance(at: start, end: end, annotated: annotated, factories: factories) { return made }
        // A local: the whole expression is one name.
        guard kind(start) == .identifier, start + 1 == end, let (eq, assignments) = localBinding(at: start, in: body) else { return nil }
        if kind(eq) == .equal {
            // `let m = …` or `let m: Model = …` (`flag ? A() : B()` included), not assigned again
            // before its use.
            guard eq + 1 < start, assignments.isEmpty else { return nil }
            let stop = (eq + 1..<start).first { tokens[$0].isAtLineStart } ?? start
            return madeInstance(at: eq + 1, end: stop, annotated: annotated, factories: factories)
                ?? conditionalInstance(from: eq + 1, to: stop, annotated: annotated, factories: factories)
        }
        // `let m: Model` assigned later, on every path (`if demo { m = Demo() } else { m = Model() }`):
        // every assignment must make a new instance.
        guard !assignments.isEmpty else { return nil }
        var made: String? = nil
        for m in assignments {
            guard let type = madeInstance(at: m.operatorToken + 1, end: start, annotated: annotated, factories: factories) else { return nil }
            made = made ?? type
        }
        return made
    }

    /// The declaration of the local that the name at `start` reads, declared in `body` before it:
    /// the token after its name and type (its `=`, when it has an initial value), and the later
    /// plain assignments of it before `start`. The declaration is looked for in the last
    /// `localWindow` tokens: a bound cost per question however long the initializer (a local
    /// declared further back is not followed).
    /// Whether a declaration at `j` is still in scope at `use`: no block or closure that holds
    /// it closes in between (`guard let m = m` inside a closure binds nothing after it).
    private func isInScope(_ j: Int, at use: Int) -> Bool {
        var depth = 0
        for k in j..<use {
            switch kind(k) {
            case .leftBrace: depth += 1
            case .rightBrace:
                depth -= 1
                if depth < 0 { return false }
            default: break
            }
        }
        return true
    }

    func localBinding(at start: Int, in body: TokenRange) -> (equal: Int, assignments: [Mutation])? {
        let local = name(start)
        var binding: Int? = nil
        for j in max(body.lowerBound, start - SourceFile.localWindow)..<start
        where (isWord(j, "let") || isWord(j, "var")) && kind(j + 1) == .identifier && name(j + 1) == local && isInScope(j, at: start) {
            binding = j + 1
        }
        guard let nameToken = binding else { return nil }
        var eq = nameToken + 1
        while eq < start, kind(eq) != .equal, tokens[eq].line == tokens[nameToken].line { eq += 1 }
        return (eq, assignments(to: local, in: eq..<start))
    }

    /// `let (session, guardian) = Self.makeModels()`: as `localBinding(at:in:)`, for a local that
    /// a tuple pattern binds (the `=` after the pattern).
    func tupleBinding(at start: Int, in body: TokenRange) -> (equal: Int, assignments: [Mutation])? {
        let local = name(start)
        var found: Int? = nil
        for j in max(body.lowerBound, start - SourceFile.localWindow)..<start where (isWord(j, "let") || isWord(j, "var")) && kind(j + 1) == .leftParen {
            guard let close = partner(j + 1), close < start, close - j < 64, kind(close + 1) == .equal else { continue }
            // The name as an element of its own (`(a, b)`, not `(a: T, b)` types nor nested patterns).
            if ((j + 2)..<close).contains(where: { kind($0) == .identifier && name($0) == local
                && (kind($0 - 1) == .leftParen || kind($0 - 1) == .comma) && (kind($0 + 1) == .comma || $0 + 1 == close) }) {
                found = close + 1
            }
        }
        guard let eq = found else { return nil }
        return (eq, assignments(to: local, in: eq..<start))
    }

    /// The assignments to the local named `local` in `range` (`self.m = m` writes the property of the
    /// same name, not the local).
    private func assignments(to local: String, in range: TokenRange) -> [Mutation] {
        mutations(in: range).filter { $0.kind == .assignment && $0.path == [local] && !$0.viaSelf }
    }

    /// Whether `range` is an existing instance reached through a shared one and no other call:
    /// `Type.shared`, `Module.Type.current()`, `.shared` (an implicit member), `Container.shared.model`
    /// (names of `PropertySummary.mayNameSharedInstance`). A factory call anywhere (`.shared.make()`)
    /// makes it unknown.
    func isSharedInstanceChain(_ range: TokenRange) -> Bool {
        let end = range.upperBound
        var i = range.lowerBound
        guard i < end else { return false }
        if kind(i) == .period {
            i += 1
        } else {
            guard kind(i) == .identifier, beginsWithCapital(i) else { return false }
            i = lastCapitalisedComponent(from: i)
            guard kind(i + 1) == .period else { return false }
            i += 2
        }
        // `.default` is a keyword token.
        guard i < end, kind(i) == .identifier || kind(i) == .keyword, PropertySummary.mayNameSharedInstance(name(i)) else { return false }
        i += 1
        if i + 1 < end, kind(i) == .leftParen, partner(i) == i + 1 { i += 2 }
        while i < end {
            guard kind(i) == .period, i + 1 < end, kind(i + 1) == .identifier else { return false }
            i += 2
        }
        return true
    }

    /// The types of the file whose members are fileprivate at most: declared `private` or
    /// `fileprivate`, or inside such a type or extension. (An explicit stack: declarations may nest
    /// as deep as the input does.)
    func fileprivateTypes() -> Set<ObjectIdentifier> {
        var out = Set<ObjectIdentifier>()
        var stack: [(members: [Member], restricted: Bool)] = [(tree.declarations, false)]
        while let (list, restricted) = stack.popLast() {
            for case .type(let t) in list {
                let inner = restricted || t.header.access <= .fileprivate
                if inner, t.kind != .extension { out.insert(ObjectIdentifier(t)) }
                if !t.members.isEmpty { stack.append((t.members, inner)) }
            }
        }
        return out
    }

    /// Whether a statement ends before token `next`: it starts a line, is `;` or `}`, or the input
    /// ends there (`flag = true` is the whole statement when this holds after `true`).
    func endsStatement(at next: Int) -> Bool {
        next >= tokens.count || tokens[next].isAtLineStart || kind(next) == .semicolon || kind(next) == .rightBrace || kind(next) == .eof
    }

    /// The end of the value expression that starts at `start` (an initial value, the right side
    /// of an assignment): the first token before `limit` that begins a line, unless it is a `.`
    /// that continues a member chain, or that is a `;` or the closer of an enclosing bracket.
    /// Brackets, braces and closures inside it are skipped whole. `limit` when it runs there.
    func valueExpressionEnd(from start: Int, before limit: Int) -> Int {
        var j = start
        while j < limit {
            let k = kind(j)
            if j > start, tokens[j].isAtLineStart, k != .period { return j }
            if k == .semicolon || k == .rightBrace || k == .rightParen || k == .rightBracket || k == .eof { return j }
            if k == .leftParen || k == .leftBracket || k == .leftBrace, let close = partner(j), close > j {
                j = close + 1
                continue
            }
            j += 1
        }
        return limit
    }

    /// The end of the call of a function by its plain name at `start` (`make(id: id)`,
    /// `scoped { … }`, `run(a) { … } onError: { … }`): after its parenthesised arguments and its
    /// trailing closures, when there is at least one of them and it ends by `limit`; else nil.
    func plainCallEnd(from start: Int, before limit: Int) -> Int? {
        guard kind(start) == .identifier else { return nil }
        var j = start + 1
        if kind(j) == .leftParen, !tokens[j].hasSpaceBefore, let close = partner(j) { j = close + 1 }
        // At most a handful of trailing closures, the first unlabelled.
        var closures = 0
        while j < limit, closures < 16 {
            if kind(j) == .leftBrace, closures == 0, isClosureOpen(j), let close = partner(j) {
                j = close + 1
            } else if closures > 0, kind(j) == .identifier, kind(j + 1) == .colon, kind(j + 2) == .leftBrace, isClosureOpen(j + 2), let close = partner(j + 2) {
                j = close + 1
            } else {
                break
            }
            closures += 1
        }
        guard j > start + 1, j <= limit else { return nil }
        // It is the whole expression: it reaches `limit`, or its statement ends there.
        return j == limit || endsStatement(at: j) ? j : nil
    }

    /// Where the value assigned at `rhs` in `body` ends, for `newInstance`: after it when it is
    /// one name ending its statement (`self.m = made`), else at the end of the body.
    func assignedValueEnd(_ rhs: Int, in body: TokenRange) -> Int {
        let next = rhs + 1
        let single = kind(rhs) == .identifier && next < tokens.count
            && (tokens[next].isAtLineStart || kind(next) == .semicolon || kind(next) == .rightBrace)
        return single ? next : body.upperBound
    }

    /// `flag ? A() : B()` in `start..<end` where both arms make a new instance: the first arm's type.
    func conditionalInstance(from start: Int, to end: Int, annotated: TypeRef?, factories: Bool) -> String? {
        var question: Int? = nil, colon: Int? = nil
        var i = start
        while i < end {
            switch kind(i) {
            case .leftParen, .leftBracket, .leftBrace:
                i = max(i + 1, (partner(i) ?? i) + 1)
                continue
            case .operator where isText(i, "?") && tokens[i].hasSpaceBefore && question == nil:
                question = i
            case .colon where question != nil && colon == nil:
                colon = i
            default:
                break
            }
            i += 1
        }
        guard let q = question, let c = colon, q + 1 < c, c + 1 < end,
              let first = madeInstance(at: q + 1, end: c, annotated: annotated, factories: factories),
              madeInstance(at: c + 1, end: end, annotated: annotated, factories: factories) != nil else { return nil }
        return first
    }

    static let localWindow = 2_000

    /// A construction, or (with `factories`) a static factory call on `annotated`.
    private func madeInstance(at start: Int, end: Int, annotated: TypeRef?, factories: Bool) -> String? {
        if let made = constructedType(at: start, end: end, annotated: annotated) { return made.name }
        if factories, let type = annotated, isFactoryCall(at: start, end: end, of: type) { return type.baseName }
        return nil
    }

    /// `Model.make(…)` (the annotated type's name, optionally module-qualified) or `.make(…)`: a
    /// static function of the type called for a new instance. Names of shared instances
    /// (`PropertySummary.mayNameSharedInstance`: `shared`, `current()`, …) do not count.
    private func isFactoryCall(at start: Int, end: Int, of type: TypeRef) -> Bool {
        var i = start
        while i < end, isWord(i, "try") || isWord(i, "await") { i += 1 }
        if kind(i) == .identifier {
            i = lastCapitalisedComponent(from: i)
            guard name(i) == type.baseName else { return false }
            i += 1
        }
        guard kind(i) == .period, kind(i + 1) == .identifier, !beginsWithCapital(i + 1), kind(i + 2) == .leftParen,
              !tokens[i + 2].hasSpaceBefore, i + 2 < end else { return false }
        let member = name(i + 1)
        return member != "init" && !PropertySummary.mayNameSharedInstance(member)
    }

    /// Token range of a member's code: a function body, an accessor block, or an initial value.
    func codeRanges(of members: [Member]) -> [TokenRange] {
        var out: [TokenRange] = []
        for m in members {
            switch m {
            case .function(let f): if let b = f.bodyTokens { out.append(b) }
            case .variable(let v):
                if let o = v.accessorOpen, let c = v.accessorClose, o < c { out.append((o + 1)..<c) }
                if let r = v.initializer { out.append(r) }
            default: break
            }
        }
        return out
    }
}

/// The assignments to one name (`m = …`, `self.m = …`, `_m = …`) in a type's initializers, by
/// that name, each with its initializer's body: found once per type rather than once per property.
struct InitAssignments {
    private var byName: [String: [(body: TokenRange, mutation: Mutation)]] = [:]

    init(of type: TypeDecl, in file: SourceFile) {
        for f in type.functions where f.kind == .initializer {
            guard let body = f.bodyTokens else { continue }
            for m in file.mutations(in: body) where m.kind == .assignment && m.path.count == 1 {
                byName[m.path[0], default: []].append((body, m))
            }
        }
    }

    /// The assignments to `name`, in source order.
    subscript(name: String) -> [(body: TokenRange, mutation: Mutation)] { byName[name] ?? [] }
}

/// Names of the domain and data layers (`no_usecase_in_view`).
enum LayerNames {
    static let useCaseSuffixes = ["UseCase", "UseCaseProtocol", "UseCaseType", "Interactor", "Repository", "RepositoryProtocol", "RepositoryType"]

    /// `extra` holds the configured names (`usecase_suffixes`), matched as suffixes; `dataTypes`
    /// the type names that the configuration puts in the data layer (`data_layer_types`,
    /// `Knowledge.configuredDataLayerTypes`), matched whole.
    /// A protocol that names the view's own interactor (`ViewInteractor`, as UI libraries declare
    /// one for presentation and dismissal) is of the UI layer, and SwiftUI's own types
    /// (`Binding`, …) are never matched through a conformance that a library gives them
    /// (`extension Binding: ViewInteractor`).
    static func isDomainOrData(_ name: String, in project: ProjectIndex, extra: [String] = [], dataTypes: [String] = []) -> Bool {
        func matches(_ n: String) -> Bool { hasLayerName(n, extra: extra) || dataTypes.contains(n) }
        if matches(name) { return !isEntity(name, in: project) }
        if swiftUITypes.contains(name), project.symbol(name)?.declarationPath == nil { return false }
        return project.conforms(name) { n in matches(n) && project.kind(of: n) == .protocol }
    }

    /// Whether the name says the domain or data layer: a built-in or configured (`extra`) suffix,
    /// except the view's own interactor (`ViewInteractor`).
    static func hasLayerName(_ n: String, extra: [String]) -> Bool {
        if extra.contains(where: { n.hasNameSuffix($0) }) { return true }
        return useCaseSuffixes.contains { n.hasNameSuffix($0) } && !(n.hasPrefix("View") && n.hasNameSuffix("Interactor"))
    }

    /// SwiftUI's property wrappers and the values they hand out: UI-layer types whatever a
    /// library makes them conform to.
    static let swiftUITypes: Set<String> = [
        "Binding", "State", "StateObject", "ObservedObject", "EnvironmentObject", "Environment", "Bindable",
        "FocusState", "Namespace", "GestureState", "AppStorage", "SceneStorage", "FetchRequest", "FetchedResults",
        "PresentationMode", "DismissAction", "OpenURLAction", "NavigationPath",
    ]

    /// A value that the data layer delivers, not part of it: a struct or enum of the project that
    /// is `Codable`, `Decodable`, `Encodable` or `Identifiable` (a hosting service's
    /// `struct Repository: Identifiable, Decodable`).
    static func isEntity(_ name: String, in project: ProjectIndex) -> Bool {
        guard let kind = project.kind(of: name), kind == .struct || kind == .enum,
              project.symbol(name)?.hasNamesakesOfOtherKinds != true else { return false }
        return project.conforms(name) { entityProtocols.contains($0) }
    }

    static let entityProtocols: Set<String> = ["Codable", "Decodable", "Encodable", "Identifiable"]
}

/// Classes of Apple's SDKs that projects hold as objects (a web view, a player, a map view, a
/// location manager): writing a property of one, or handing one to a task, deals with an object,
/// not with a value.
enum SDKClasses {
    static let referenceTypes: Set<String> = [
        "WKWebView", "WKWebViewConfiguration", "WKUserContentController",
        "AVPlayer", "AVQueuePlayer", "AVPlayerItem", "AVAudioPlayer", "AVAudioEngine", "AVAudioPlayerNode", "AVAudioRecorder",
        "AVCaptureSession", "AVSpeechSynthesizer", "AVPlayerLayer", "AVAsset", "AVURLAsset",
        "MKMapView", "CLLocationManager", "CLGeocoder", "ARSession", "ARView", "SCNScene", "SCNView", "SKScene", "SKView",
        "UIView", "UIViewController", "UIWindow", "UIScrollView", "UITextView", "UITextField", "UIImage", "UIApplication",
        "NSView", "NSViewController", "NSWindow", "NSScrollView", "NSTextView", "NSImage", "NSApplication",
        "NSManagedObjectContext", "NSPersistentContainer", "URLSession", "URLSessionTask", "Timer", "NotificationCenter",
        "UserDefaults", "FileManager", "OperationQueue", "DispatchQueue", "JSONDecoder", "JSONEncoder", "NSCache",
        "PHImageManager", "PHCachingImageManager", "CBCentralManager", "CBPeripheral", "HKHealthStore", "EKEventStore",
        "CNContactStore", "NWPathMonitor", "NWConnection", "SFSpeechRecognizer", "VNImageRequestHandler", "CMMotionManager",
    ]
}

