/// `mvilint reporters`: the output formats that `--reporter` accepts.

extension HelpText {
    /// One line per reporter, id and description in aligned columns, the default first.
    static func reportersTable(_ reporters: [any Reporter.Type]) -> String {
        let rows = [("ID", "DESCRIPTION")] + reporters.map { ($0.id, $0.summary) }
        let width = rows.map { $0.0.count }.max() ?? 0
        return rows.map { $0.0.padded(to: width) + "  " + $0.1 + "\n" }.joined()
    }
}
