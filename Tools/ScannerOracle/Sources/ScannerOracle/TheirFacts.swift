/// Facts as SwiftParser (the toolchain's swift-syntax) parses them: the reference side.
import SwiftParser
import SwiftSyntax

/// Extracts the reference facts of a file with a `SyntaxVisitor`.
///
/// Exclusions, matching what our structure pass is meant to see:
/// - only top-level declarations and members of type and extension bodies count, in every `#if`
///   clause; declarations local to function, accessor, closure or top-level statement bodies
///   (including `#Preview { }` closures) do not;
/// - enum cases, typealiases, associated types, macros, operators, precedence groups and imports
///   are not compared, nor bindings with a tuple pattern (`let (a, b) = …`);
/// - a string literal nested in another one's interpolation, and a comment inside an
///   interpolation, belong to the enclosing literal (ours is one token);
/// - comments are compared as line or block comments: which of them are doc comments (`////`,
///   `/***`) is a documented choice of our lexer.
func theirFacts(path: String, bytes: [UInt8]) -> (facts: [Fact], hasSyntaxErrors: Bool) {
    let tree: SourceFileSyntax = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let visitor = ReferenceVisitor(converter: SourceLocationConverter(fileName: path, tree: tree))
    visitor.walk(tree)
    visitor.collectComments(tree)
    return (visitor.facts, tree.hasError)
}

/// Walks the whole tree (bodies included, for literals) and records the declarations that count.
final class ReferenceVisitor: SyntaxVisitor {
    let converter: SourceLocationConverter
    var facts: [Fact] = []

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    func line(_ position: AbsolutePosition) -> Int { converter.location(for: position).line }

    // MARK: Which declarations count

    /// Node kinds that may stand between a counted declaration and the file: type bodies and
    /// `#if` clauses. Anything else (a code block, an accessor, a closure…) makes it local.
    static let containerKinds: Set<SyntaxKind> = [
        .memberBlockItem, .memberBlockItemList, .memberBlock, .structDecl, .classDecl, .enumDecl, .actorDecl,
        .protocolDecl, .extensionDecl, .ifConfigClause, .ifConfigClauseList, .ifConfigDecl, .codeBlockItem,
        .codeBlockItemList, .sourceFile,
    ]

    func isCounted(_ node: some SyntaxProtocol) -> Bool {
        var p = node.parent
        while let n = p {
            if !Self.containerKinds.contains(n.kind) { return false }
            p = n.parent
        }
        return true
    }

    func isInsideStringLiteral(_ node: Syntax) -> Bool {
        var p = node.parent
        while let n = p {
            if n.is(StringLiteralExprSyntax.self) { return true }
            p = n.parent
        }
        return false
    }

    func outermostStringLiteral(_ node: Syntax) -> Range<Int>? {
        var found: Range<Int>? = nil
        var p: Syntax? = node
        while let n = p {
            if n.is(StringLiteralExprSyntax.self) {
                found = n.positionAfterSkippingLeadingTrivia.utf8Offset..<n.endPositionBeforeTrailingTrivia.utf8Offset
            }
            p = n.parent
        }
        return found
    }

    // MARK: Headers

    /// Attribute names in order, those of every `#if` clause inside the attribute list included.
    func attributeNames(_ list: AttributeListSyntax) -> [String] {
        var names: [String] = []
        for element in list {
            // `if case` rather than `switch`: the syntax enums are resilient and may grow cases.
            if case .attribute(let a) = element {
                names.append(qualifiedName(a.attributeName))
            } else if case .ifConfigDecl(let config) = element {
                for clause in config.clauses {
                    if case .attributes(let inner)? = clause.elements { names += attributeNames(inner) }
                }
            }
        }
        return names
    }

    /// `Name` or `Module.Name` without generic arguments.
    func qualifiedName(_ type: TypeSyntax) -> String {
        if let id = type.as(IdentifierTypeSyntax.self) { return unticked(id.name.text) }
        if let member = type.as(MemberTypeSyntax.self) { return qualifiedName(member.baseType) + "." + unticked(member.name.text) }
        return squeezed(type.trimmedDescription)
    }

    func headerFields(_ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax) -> [Field] {
        let mods = modifiers.map { m in m.detail.map { "\(m.name.text)(\($0.detail.text))" } ?? m.name.text }
        return [Field(name: "attrs", value: list(attributeNames(attributes))), Field(name: "mods", value: list(mods))]
    }

    /// The principal name of an inherited type: the last component, without generic arguments,
    /// `any`/`some` or attributes (`@unchecked Sendable` → `Sendable`).
    func baseName(_ type: TypeSyntax) -> String {
        if let id = type.as(IdentifierTypeSyntax.self) { return unticked(id.name.text) }
        if let member = type.as(MemberTypeSyntax.self) { return unticked(member.name.text) }
        if let attributed = type.as(AttributedTypeSyntax.self) { return baseName(attributed.baseType) }
        if let someOrAny = type.as(SomeOrAnyTypeSyntax.self) { return baseName(someOrAny.constraint) }
        if let suppressed = type.as(SuppressedTypeSyntax.self) { return "~" + baseName(suppressed.type) }
        if let composition = type.as(CompositionTypeSyntax.self) {
            return composition.elements.map { baseName($0.type) }.joined(separator: "&")
        }
        return squeezed(type.trimmedDescription)
    }

    // MARK: Types

    func addType(_ kind: String, name: String, nameToken: TokenSyntax, _ node: some DeclGroupSyntax) {
        guard isCounted(node) else { return }
        let inherits = node.inheritanceClause?.inheritedTypes.map { baseName($0.type) } ?? []
        facts.append(Fact(category: .types, line: line(nameToken.positionAfterSkippingLeadingTrivia), identity: "\(kind) \(name)",
                          fields: [Field(name: "inherits", value: list(inherits))] + headerFields(node.attributes, node.modifiers)))
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        addType("struct", name: unticked(node.name.text), nameToken: node.name, node)
        return .visitChildren
    }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        addType("class", name: unticked(node.name.text), nameToken: node.name, node)
        return .visitChildren
    }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        addType("enum", name: unticked(node.name.text), nameToken: node.name, node)
        return .visitChildren
    }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        addType("actor", name: unticked(node.name.text), nameToken: node.name, node)
        return .visitChildren
    }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        addType("protocol", name: unticked(node.name.text), nameToken: node.name, node)
        return .visitChildren
    }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let first = node.extendedType.firstToken(viewMode: .sourceAccurate) {
            addType("extension", name: squeezed(node.extendedType.trimmedDescription), nameToken: first, node)
        }
        return .visitChildren
    }

    // MARK: Members

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard isCounted(node) else { return .visitChildren }
        let header = headerFields(node.attributes, node.modifiers)
        let isStatic = node.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
        for binding in node.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            var computed = false
            if let block = binding.accessorBlock {
                if case .accessors(let accessors) = block.accessors {
                    // Only `willSet`/`didSet` observers keep the property stored.
                    computed = accessors.contains { !["willSet", "didSet"].contains($0.accessorSpecifier.text) }
                } else {
                    computed = true
                }
            }
            facts.append(Fact(category: .properties, line: line(pattern.identifier.positionAfterSkippingLeadingTrivia),
                              identity: "property \(unticked(pattern.identifier.text))",
                              fields: [Field(name: "binding", value: node.bindingSpecifier.text),
                                       Field(name: "storage", value: computed ? "computed" : "stored"),
                                       Field(name: "static", value: String(isStatic))] + header))
        }
        return .visitChildren
    }

    func addFunction(_ identity: String, nameToken: TokenSyntax, isAsync: Bool, _ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax, _ node: some SyntaxProtocol) {
        guard isCounted(node) else { return }
        facts.append(Fact(category: .functions, line: line(nameToken.positionAfterSkippingLeadingTrivia), identity: identity,
                          fields: [Field(name: "async", value: String(isAsync))] + headerFields(attributes, modifiers)))
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        addFunction("func \(unticked(node.name.text))", nameToken: node.name, isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil,
                    node.attributes, node.modifiers, node)
        return .visitChildren
    }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        addFunction("init", nameToken: node.initKeyword, isAsync: node.signature.effectSpecifiers?.asyncSpecifier != nil,
                    node.attributes, node.modifiers, node)
        return .visitChildren
    }
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        addFunction("deinit", nameToken: node.deinitKeyword, isAsync: node.effectSpecifiers?.asyncSpecifier != nil,
                    node.attributes, node.modifiers, node)
        return .visitChildren
    }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        addFunction("subscript", nameToken: node.subscriptKeyword, isAsync: false, node.attributes, node.modifiers, node)
        return .visitChildren
    }

    // MARK: Literals and comments

    func addLiteral(_ kind: String, _ node: some SyntaxProtocol) {
        guard !isInsideStringLiteral(Syntax(node)) else { return }
        let start = node.positionAfterSkippingLeadingTrivia
        facts.append(Fact(category: .literals, line: line(start), identity: "literal@\(start.utf8Offset)",
                          fields: [Field(name: "kind", value: kind), Field(name: "end", value: String(node.endPositionBeforeTrailingTrivia.utf8Offset))]))
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        addLiteral("string", node)
        return .visitChildren
    }
    override func visit(_ node: SimpleStringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        addLiteral("string", node)
        return .visitChildren
    }
    override func visit(_ node: RegexLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        addLiteral("regex", node)
        return .visitChildren
    }

    /// Every comment in the trivia of every token, except inside string interpolations.
    func collectComments(_ tree: SourceFileSyntax) {
        for token in tree.tokens(viewMode: .sourceAccurate) {
            // Range of the outermost string literal around the token: the quotes of a literal
            // carry the trivia before and after it, which is outside the literal.
            var literal: Range<Int>?? = nil
            func scan(_ trivia: Trivia, from start: AbsolutePosition) {
                var offset = start.utf8Offset
                for piece in trivia {
                    let length = piece.sourceLength.utf8Length
                    defer { offset += length }
                    let kind: String
                    switch piece {
                    case .lineComment, .docLineComment: kind = "line"
                    case .blockComment, .docBlockComment: kind = "block"
                    default: continue
                    }
                    if literal == nil { literal = .some(outermostStringLiteral(Syntax(token))) }
                    if let range = literal!, range.contains(offset) { continue }
                    facts.append(Fact(category: .comments, line: line(AbsolutePosition(utf8Offset: offset)), identity: "comment@\(offset)",
                                      fields: [Field(name: "kind", value: kind), Field(name: "end", value: String(offset + length))]))
                }
            }
            scan(token.leadingTrivia, from: token.position)
            scan(token.trailingTrivia, from: token.endPositionBeforeTrailingTrivia)
        }
    }
}
