/// The code that the examples of knowledge tables share: a model whose method runs a snippet.

enum ExampleCode {
    /// A file that imports `imports` and declares `final class FeedModel: ObservableObject` with
    /// the observable state `done` and `count`, the extra `members`, and `func load()` running
    /// `body` (each line indented to fit).
    static func model(_ imports: [String] = [], members: String = "", _ body: String) -> String {
        var out = imports.map { "import \($0)\n" }.joined()
        out += "final class FeedModel: ObservableObject {\n"
        out += "    @Published private(set) var done = false\n"
        out += "    @Published private(set) var count = 0\n"
        if !members.isEmpty { out += indented(members, by: 4) + "\n" }
        out += "    func load() {\n" + indented(body, by: 8) + "\n    }\n}"
        return out
    }

    static func indented(_ text: String, by spaces: Int) -> String {
        let pad = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
    }
}
