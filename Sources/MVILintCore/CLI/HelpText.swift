/// Help texts, the `rules` table and the `explain` page.

import Foundation

enum HelpText {
    static let exitStatus = """
    EXIT STATUS:
      0  No error-severity finding (warnings alone pass, unless --strict).
      1  At least one error-severity finding; with --strict, at least one finding.
      2  A usage or configuration error, an input error (a path that does not exist,
         a file that cannot be read or is not UTF-8; the other files are still
         linted and their findings reported), or an internal failure.
    """

    /// Help text is wrapped to this many columns.
    static let width = 80

    /// The notes of `mvilint help lint`, one paragraph each.
    static let notes = [
        "Directories named .build, .git, .swiftpm, DerivedData, Pods and Carthage, hidden files and directories, and package manifests (Package.swift) are skipped while searching; a path named explicitly is always linted.",
        "Types resolve across the whole project: the nearest directory above the first path that holds .mvilint.json, Package.swift or an .xcodeproj is the project root, and every Swift file under it is indexed (the summary line says so when that is more than the files linted: 'Linted 3 files (indexed 120 for types)'). Targets that a Package.swift under it builds with .defaultIsolation(MainActor.self), and Xcode targets built with SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor, count as main-actor isolated.",
        "A directory without Swift files prints a warning and does not fail the run. A path spelled like a command (rules, version, ...) is written ./rules or after 'lint'; a word spelled nearly like one ('lnt') is an unknown command unless such a path exists.",
        "Findings go to standard output; the summary, warnings and errors to standard error. The xcode reporter prints absolute paths; the others print paths relative to the current directory (absolute outside it), and so does --fix --dry-run, whose diff 'git apply' accepts there.",
        "Configuration: .mvilint.json (JSON5) in the project root or the nearest parent directory, or --config <file>; 'mvilint init' writes a commented starter. Silence a finding with '// mvilint:disable:next <rule-id> - reason' (also disable:this, disable:previous, and disable ... enable regions). --fix applies safe fixes only (--unsafe-fixes adds the rest) and leaves a file that changed meanwhile untouched.",
    ]

    /// A usage line wrapped before its ` [` groups, continued under the first word after `USAGE: `.
    static func wrappedUsage(_ usage: String) -> String {
        var lines: [String] = []
        var current = ""
        for (k, part) in usage.components(separatedBy: " [").enumerated() {
            let piece = k == 0 ? part : "[" + part
            if !current.isEmpty, 7 + current.count + 1 + piece.count > width {
                lines.append(current)
                current = piece
            } else {
                current += current.isEmpty ? piece : " " + piece
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n       ")
    }

    /// `text` wrapped to `width` columns, every line indented by `indent` spaces.
    static func paragraph(_ text: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        return text.wrapped(width: width - indent).split(separator: "\n", omittingEmptySubsequences: false)
            .map { pad + $0 + "\n" }.joined()
    }

    /// `mvilint --help`: the overview, the commands and the options of `lint`.
    static func general(version: String) -> String {
        var out = """
        OVERVIEW: mvilint \(version) checks SwiftUI code against MVVM and MVI conventions.

        USAGE: \(Command.lint.usage)
               mvilint <command> [<arguments>]

        COMMANDS:

        """
        let commands: [(String, String)] = Command.allCases.map { c in
            let synopsis: String
            switch c {
            case .explain: synopsis = "explain <rule-id>"
            case .initConfig: synopsis = "init [<directory>]"
            case .docs: synopsis = "docs <directory>"
            case .graph: synopsis = "graph [<path> ...]"
            case .new: synopsis = "new screen <name>"
            case .xcodeTemplate: synopsis = "xcode-template export <directory>"
            case .help: synopsis = "help [<command>]"
            default: synopsis = c.rawValue
            }
            return (synopsis, c.summary)
        }
        out += table(commands, indent: 2)
        out += "\nOPTIONS (lint):\n"
        out += optionTable(Command.lint.options)
        out += "\n" + exitStatus + "\n\n"
        out += "See 'mvilint help <command>' for more about a command.\n"
        return out
    }

    /// `mvilint help COMMAND` and `mvilint COMMAND --help`.
    static func command(_ command: Command, version: String) -> String {
        // The summary wrapped under itself: `OVERVIEW: ` is 10 columns wide.
        let overview = (command.summary + ".").wrapped(width: width - 10).replacingOccurrences(of: "\n", with: "\n          ")
        var out = "OVERVIEW: \(overview)\n\nUSAGE: \(wrappedUsage(command.usage))\n"
        switch command {
        case .lint:
            out += """

            ARGUMENTS:
              <path>  A Swift file or a directory to search recursively (default: the
                      current directory). A file named explicitly is linted whatever its
                      extension.

            OPTIONS:

            """
            out += optionTable(command.options)
            out += "\nNOTES:\n" + notes.map { paragraph($0, indent: 2) }.joined(separator: "\n")
            out += "\n" + exitStatus + "\n"
        case .explain:
            out += """

            ARGUMENTS:
              <rule-id>  A rule identifier, as 'mvilint rules' lists them.

            OPTIONS:

            """
            out += optionTable(command.options)
        case .initConfig:
            out += """

            ARGUMENTS:
              <directory>  Where to write .mvilint.json (default: the current directory). An
                           existing configuration is never overwritten (exit status 2).

            OPTIONS:

            """
            out += optionTable(command.options)
        case .docs:
            out += "\nARGUMENTS:\n  <directory>  Where to write <rule-id>.md for every rule and README.md,\n"
            out += "               the index.\n\nOPTIONS:\n"
            out += optionTable(command.options)
        case .new:
            out += "\nARGUMENTS:\n" + table([
                ("screen", "What to create: the files of one screen."),
                ("<name>", "The screen's name: an UpperCamelCase Swift identifier (Profile makes ProfileView)."),
            ], indent: 2)
            out += "\nOPTIONS:\n" + optionTable(command.options)
            out += "\nNOTES:\n" + paragraph("mvvm writes a use case protocol, a @MainActor view model and a view that owns it and loads in .task(id:); mvi a State struct, an Intent enum and a store with send(_:); redux State, Action, a pure reducer and, once per project, the generic store that dispatches. Model and use case names take the suffixes of the configuration (model_suffixes, usecase_suffixes). An existing file is never replaced: when one of the screen's files exists, nothing is written (exit status 2).", indent: 2)
        case .xcodeTemplate:
            out += "\nARGUMENTS:\n" + table([
                ("export", "Write the templates."),
                ("<directory>", "Where to write \"SwiftUI Screen.xctemplate\" and \"Redux Store.xctemplate\". Xcode reads them from ~/Library/Developer/Xcode/Templates/File Templates/."),
            ], indent: 2)
            out += "\nOPTIONS:\n" + optionTable(command.options)
        case .help:
            let names = "One of: \(Command.allCases.map(\.rawValue).joined(separator: ", "))."
            out += "\nARGUMENTS:\n" + table([("<command>", names)], indent: 2) + "\nOPTIONS:\n"
            out += optionTable(command.options)
        case .graph:
            out += """

            ARGUMENTS:
              <path>  A Swift file or a directory (default: the current directory); the
                      whole project around it is indexed, as for 'lint'.

            OPTIONS:

            """
            out += optionTable(command.options)
            out += """

            NOTES:

            """
            out += paragraph("Nodes are the project's apps, views, models (view models, stores, their intents and state), use cases, repositories and other types of the layers, grouped by layer. Edges: a view owns a model (@StateObject, @State), observes one passed in (@ObservedObject, @Bindable), reads the environment (env), provides an environment object to the views it builds, composes another view; a stored property depends on another type; a type conforms to a protocol. Nodes and edges that findings are about are drawn in red with the rule ids. The JSON form is described in docs/graph.md. --focus and --only-violations narrow the graph first, then --collapse groups it.", indent: 2)
        case .rules, .version, .reporters:
            out += "\nOPTIONS:\n" + optionTable(command.options)
        case .lsp:
            out += """

            Speaks the Language Server Protocol over standard input and output: an
            editor starts it and shows findings as you type, on unsaved buffers, with
            types resolved across the project, and offers fixes and suppressions as
            code actions. See docs/editors.md.

            OPTIONS:

            """
            out += optionTable(command.options)
        }
        return out
    }

    private static func optionTable(_ options: [OptionSpec]) -> String {
        table(options.map { o in
            let values = o.allowed.isEmpty ? "" : " Values: \(o.allowed.joined(separator: ", "))."
            return (o.synopsis, o.help + "." + values)
        }, indent: 2)
    }

    /// Two aligned columns; the second wraps to the help width, continued under itself.
    static func table(_ rows: [(String, String)], indent: Int) -> String {
        let first = rows.map { $0.0.count }.max() ?? 0
        let pad = String(repeating: " ", count: indent)
        let hanging = String(repeating: " ", count: indent + first + 2)
        return rows.map { row in
            let lines = row.1.wrapped(width: max(20, width - indent - first - 2)).split(separator: "\n", omittingEmptySubsequences: false)
            return pad + row.0.padded(to: first) + "  " + lines.joined(separator: "\n" + hanging) + "\n"
        }.joined()
    }

    // MARK: Rules

    /// `mvilint rules`: id, default severity per profile, summary; aligned plain-text columns.
    static func rulesTable(_ rules: [RuleInfo]) -> String {
        let profiles = Profile.allCases
        var rows: [[String]] = [["ID"] + profiles.map { $0.rawValue.uppercased() } + ["SUMMARY"]]
        for info in rules {
            rows.append([info.id] + profiles.map { info.defaultSeverity(for: $0).rawValue } + [info.summary])
        }
        var widths = [Int](repeating: 0, count: rows[0].count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        return rows.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell.padded(to: widths[i])
            }.joined(separator: "  ") + "\n"
        }.joined()
    }

    /// `mvilint explain ID`: title, id, defaults, summary, rationale, and one triggering and one
    /// non-triggering example; with `full`, the rule's details and every documented example
    /// (without `↓` markers; examples hidden from docs are left out).
    static func explain(_ info: RuleInfo, full: Bool = false) -> String {
        var out = "\(info.title) (\(info.id))\n\n"
        let defaults = Profile.allCases.map { "\(info.defaultSeverity(for: $0).rawValue) (\($0.rawValue))" }
        out += "Default severity: \(defaults.joined(separator: ", "))\n"
        out += "Category: \(info.category.rawValue)\n"
        out += "Fix: \(info.fix.rawValue)\n\n"
        out += info.summary.wrapped(width: 100) + "\n\n"
        out += info.rationale.trimmingWhitespaceLines().wrapped(width: 100) + "\n"
        if full, !info.details.isEmpty {
            out += "\nDetails:\n\n" + info.details.trimmingWhitespaceLines().wrapped(width: 100) + "\n"
        }
        if full, !info.knowledge.isEmpty {
            // The tables of what mvilint knows, one line per row (the rule's page has them as tables).
            out += "\nWhat mvilint knows:\n"
            for t in info.knowledge {
                out += "\n" + t.title + " (" + t.columns.joined(separator: "; ") + "):\n"
                for r in t.rows { out += ("- " + r.cells.filter { !$0.isEmpty }.joined(separator: "; ")).wrapped(width: 100) + "\n" }
            }
        }
        let shown = info.examples.filter { !$0.isHiddenFromDocs }
        for (kind, heading) in [(RuleExample.Kind.triggering, "Triggering example"), (.nonTriggering, "Non-triggering example")] {
            var examples = shown.filter { $0.kind == kind }
            guard !examples.isEmpty else { continue }
            if !full { examples = [examples[0]] }
            out += "\n\(heading)\(examples.count > 1 ? "s" : ""):\n"
            for example in examples {
                out += "\n"
                for file in example.files {
                    if example.files.count > 1 { out += "    // \(file.name)\n" }
                    let source = file.source.replacingOccurrences(of: "↓", with: "").trimmingWhitespaceLines()
                    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
                        out += line.isEmpty ? "\n" : "    \(line)\n"
                    }
                }
            }
        }
        if !full {
            let total = shown.count
            let knows = info.knowledge.isEmpty ? "" : ", what mvilint knows"
            out += "\n'mvilint explain --full \(info.id)' prints the details\(knows)\(total > 2 ? " and all \(total) examples" : "").\n"
        }
        return out
    }
}

extension String {
    /// Each line longer than `width` characters broken at spaces (a longer word stays whole).
    func wrapped(width: Int) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.count > width else { return String(line) }
            var lines: [String] = []
            var current = ""
            for word in line.split(separator: " ") {
                if !current.isEmpty, current.count + 1 + word.count > width {
                    lines.append(current)
                    current = ""
                }
                current += current.isEmpty ? String(word) : " " + word
            }
            if !current.isEmpty { lines.append(current) }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Without leading and trailing blank lines and trailing spaces.
    func trimmingWhitespaceLines() -> String {
        var lines = split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var l = line
            while let last = l.last, last == " " || last == "\t" || last == "\r" { l = l.dropLast() }
            return l
        }
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
