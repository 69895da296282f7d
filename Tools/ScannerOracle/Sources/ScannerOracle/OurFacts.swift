/// Facts as MVILintCore's scanner and structure pass extract them.
import MVILintCore

/// Extracts the comparable facts from our `SourceFile`: every type and extension (`tree.allTypes`),
/// the properties and functions at top level and in each type's members, every string and regex
/// literal token, and every comment.
func ourFacts(path: String, bytes: [UInt8]) -> [Fact] {
    let file = SourceFile(path: path, bytes: bytes)
    var facts: [Fact] = []

    func headerFields(_ h: DeclHeader) -> [Field] {
        [Field(name: "attrs", value: list(h.attributes.map(\.name))),
         Field(name: "mods", value: list(h.modifiers.map { m in m.detail.map { "\(m.name)(\($0))" } ?? m.name }))]
    }

    for t in file.tree.allTypes {
        let name = t.kind == .extension ? squeezed(t.name) : t.name
        facts.append(Fact(category: .types, line: file.line(ofToken: t.nameToken), identity: "\(t.kind.rawValue) \(name)",
                          fields: [Field(name: "inherits", value: list(t.inherited.map(\.baseName)))] + headerFields(t.header)))
    }

    func addMembers(_ members: [Member]) {
        for m in members {
            switch m {
            case .variable(let v):
                facts.append(Fact(category: .properties, line: file.line(ofToken: v.nameToken), identity: "property \(v.name)",
                                  fields: [Field(name: "binding", value: v.isLet ? "let" : "var"),
                                           Field(name: "storage", value: v.isComputed ? "computed" : "stored"),
                                           Field(name: "static", value: String(v.isStatic))] + headerFields(v.header)))
            case .function(let f):
                let identity: String
                switch f.kind {
                case .function: identity = "func \(f.name)"
                case .initializer: identity = "init"
                case .deinitializer: identity = "deinit"
                case .subscript: identity = "subscript"
                }
                facts.append(Fact(category: .functions, line: file.line(ofToken: f.nameToken), identity: identity,
                                  fields: [Field(name: "async", value: String(f.isAsync))] + headerFields(f.header)))
            case .type, .typeAlias, .other:
                break
            }
        }
    }
    addMembers(file.tree.declarations)
    for t in file.tree.allTypes { addMembers(t.members) }

    for tok in file.tokens where tok.kind == .stringLiteral || tok.kind == .regexLiteral {
        let kind = tok.kind == .stringLiteral ? "string" : "regex"
        facts.append(Fact(category: .literals, line: Int(tok.line), identity: "literal@\(tok.start)",
                          fields: [Field(name: "kind", value: kind), Field(name: "end", value: String(tok.end))]))
    }
    for c in file.comments {
        // Line or block only: whether `////` and `/***` are doc comments is a documented choice
        // of our lexer (they are not), where SwiftParser follows the compiler (they are).
        let kind = c.kind == .line || c.kind == .docLine ? "line" : "block"
        facts.append(Fact(category: .comments, line: Int(c.line), identity: "comment@\(c.start)",
                          fields: [Field(name: "kind", value: kind), Field(name: "end", value: String(c.end))]))
    }
    return facts
}
