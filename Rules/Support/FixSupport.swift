/// Helpers shared by rules that offer fixes: declaration keywords, access modifiers, line breaks.
import MVILintCore

/// Access-level keywords, which may also carry a `(set)` detail.
let accessKeywords: Set<String> = ["private", "fileprivate", "internal", "package", "public", "open"]

extension VariableDecl {
    /// Access modifiers as written, setter forms (`private(set)`) included.
    var accessModifiers: [Modifier] { header.modifiers.filter { accessKeywords.contains($0.name) } }
    /// Whether an access level (not only a setter access) is written.
    var hasExplicitAccess: Bool { accessModifiers.contains { $0.detail == nil } }
}

extension SourceFile {
    /// The `var` or `let` keyword that introduces `v` (shared by every binding of one declaration).
    func bindingKeyword(of v: VariableDecl) -> Int? {
        (v.header.firstToken..<v.nameToken).first { isWord($0, "var") || isWord($0, "let") }
    }

    /// The last token of modifier `m`: its name, or the `)` of `private(set)`.
    func lastToken(of m: Modifier) -> Int {
        m.detail != nil && kind(m.token + 1) == .leftParen && kind(m.token + 3) == .rightParen ? m.token + 3 : m.token
    }

    /// `\r\n` when the line holding token `i` ends with one, else `\n`.
    func lineBreak(afterToken i: Int) -> String {
        guard i >= 0, i < tokens.count else { return "\n" }
        var j = Int(tokens[i].start)
        while j < bytes.count, bytes[j] != 10 { j += 1 }
        return j > 0 && j < bytes.count && bytes[j - 1] == 13 ? "\r\n" : "\n"
    }

    /// Edits that make property `v` `private`: the first access modifier (setter forms included)
    /// becomes `private`, further ones are removed with the space after them, and without any,
    /// `private ` is inserted before `var`.
    func makePrivateEdits(_ v: VariableDecl) -> [TextEdit]? {
        let modifiers = v.accessModifiers
        guard let first = modifiers.first else {
            return bindingKeyword(of: v).map { [insertion("private ", beforeToken: $0)] }
        }
        var edits = [replacement(ofTokens: first.token, through: lastToken(of: first), with: "private")]
        for m in modifiers.dropFirst() {
            let last = lastToken(of: m)
            edits.append(TextEdit(range: Int(tokens[m.token].start)..<Int(tokens[last + 1].start), replacement: ""))
        }
        return edits
    }
}
