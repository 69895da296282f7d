/// Command-line argument parsing: commands, option declarations and usage errors.

/// A subcommand of `mvilint`.
enum Command: String, CaseIterable {
    case lint
    case initConfig = "init"
    case rules, explain, docs, reporters, graph
    case new
    case xcodeTemplate = "xcode-template"
    case lsp, version, help

    /// One line for the command list.
    var summary: String {
        switch self {
        case .lint: return "Lint Swift files and directories (the default command)"
        case .initConfig: return "Write a commented starter .mvilint.json listing every rule"
        case .rules: return "List every rule with its default severities"
        case .explain: return "Describe a rule: summary, rationale and examples"
        case .docs: return "Write one Markdown page per rule and an index into a directory"
        case .reporters: return "List the output formats that --reporter accepts"
        case .graph: return "Print the project's architecture graph (Mermaid, Graphviz DOT or JSON) with its findings"
        case .new: return "Write the files of a new screen (MVVM, MVI or Redux) that pass the linter"
        case .xcodeTemplate: return "Export Xcode file templates that create the same screens as 'new screen'"
        case .lsp: return "Run the language server on standard input and output, for editors"
        case .version: return "Print the version"
        case .help: return "Show help for a command"
        }
    }

    var usage: String {
        switch self {
        case .lint: return "mvilint [lint] [<options>] [<path> ...]"
        case .initConfig: return "mvilint init [<directory>]"
        case .rules: return "mvilint rules"
        case .explain: return "mvilint explain [--full] <rule-id>"
        case .docs: return "mvilint docs <output-directory>"
        case .reporters: return "mvilint reporters"
        case .graph: return "mvilint graph [<options>] [<path> ...]"
        case .new: return "mvilint new screen <name> [--pattern mvvm|mvi|redux] [--observable] [--dir <directory>]"
        case .xcodeTemplate: return "mvilint xcode-template export <directory>"
        case .lsp: return "mvilint lsp"
        case .version: return "mvilint version"
        case .help: return "mvilint help [<command>]"
        }
    }

    /// The options the command accepts, global ones included.
    var options: [OptionSpec] {
        switch self {
        case .lint: return OptionSpec.lintOptions + OptionSpec.workflowOptions + OptionSpec.globalOptions
        case .graph: return OptionSpec.graphOptions + OptionSpec.globalOptions
        case .explain: return [OptionSpec(name: OptionSpec.full, valueName: nil, help: "Print the rule's details and every example")] + OptionSpec.globalOptions
        case .new: return OptionSpec.newOptions + OptionSpec.globalOptions
        case .xcodeTemplate: return OptionSpec.templateOptions + OptionSpec.globalOptions
        default: return OptionSpec.globalOptions
        }
    }
}

/// A declared option. Long names are kebab-case; `--name value` and `--name=value` both work.
struct OptionSpec {
    /// Long name without the leading `--`.
    var name: String
    var short: Character?
    /// Placeholder of the value in help (`<reporter>`); nil for a flag.
    var valueName: String?
    /// The allowed values listed in help (empty when free-form).
    var allowed: [String] = []
    var help: String

    var takesValue: Bool { valueName != nil }

    /// `-h, --help` or `--reporter <reporter>` as help shows it.
    var synopsis: String {
        let long = "--" + name + (valueName.map { " <\($0)>" } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }

    static let help = OptionSpec(name: "help", short: "h", valueName: nil, help: "Show help for the command")
    static let version = OptionSpec(name: "version", short: nil, valueName: nil, help: "Print the version")
    static let globalOptions = [help, version]

    static let reporter = "reporter", onlyRule = "only-rule", profile = "profile"
    static let strict = "strict", quiet = "quiet", timings = "timings"
    static let stdinPath = "stdin-path", staged = "staged", pluginOutput = "plugin-output"
    static let full = "full"
    static let format = "format", focus = "focus", depth = "depth", collapse = "collapse", onlyViolations = "only-violations"

    /// The options of `graph`: what to draw, and the lint options that change the findings.
    static var graphOptions: [OptionSpec] {
        [
            OptionSpec(name: format, valueName: "format", allowed: GraphFormat.allCases.map(\.rawValue),
                       help: "Output format (default: \(GraphFormat.mermaid.rawValue))"),
            OptionSpec(name: focus, valueName: "type", help: "Draw only this type and its neighbourhood"),
            OptionSpec(name: depth, valueName: "n",
                       help: "How many relations away from the focus type, or from a finding, types are kept (default: 1)"),
            OptionSpec(name: collapse, valueName: "level", allowed: GraphView.Collapse.allCases.map(\.rawValue),
                       help: "Draw one node per module or per folder, with the number of relations between them"),
            OptionSpec(name: onlyViolations, valueName: nil, help: "Keep only the types and relations that findings are about, and their neighbours"),
            OptionSpec(name: profile, valueName: "profile", allowed: Profile.allCases.map(\.rawValue),
                       help: "Rule defaults to use; overrides the configuration's profile (default: \(Profile.mvvm.rawValue))"),
            OptionSpec(name: onlyRule, valueName: "id[,id...]", help: "Run only these rules, also those off by default (repeatable)"),
            OptionSpec(name: config, valueName: "file", help: "Read this configuration instead of the .mvilint.json found from the project root"),
            OptionSpec(name: quiet, valueName: nil, help: "Do not print the summary line on standard error"),
        ]
    }

    static var lintOptions: [OptionSpec] {
        [
            OptionSpec(name: reporter, valueName: "reporter", allowed: Reporters.ids,
                       help: "Output format (default: \(Reporters.default.id))"),
            OptionSpec(name: onlyRule, valueName: "id[,id...]",
                       help: "Run only these rules, also those off by default (repeatable)"),
            OptionSpec(name: profile, valueName: "profile", allowed: Profile.allCases.map(\.rawValue),
                       help: "Rule defaults to use; overrides the configuration's profile (default: \(Profile.mvvm.rawValue))"),
            OptionSpec(name: strict, valueName: nil, help: "Fail (exit status 1) on warnings too"),
            OptionSpec(name: quiet, valueName: nil, help: "Do not print the summary line on standard error"),
            OptionSpec(name: timings, valueName: nil, help: "Print the time spent in each phase and the peak memory on standard error"),
            OptionSpec(name: stdinPath, valueName: "path",
                       help: "Lint standard input as the file at <path>, which its configuration and project index see in its place"),
            OptionSpec(name: staged, valueName: nil,
                       help: "Lint the Swift files staged in git, as staged, resolving types from the whole project"),
            OptionSpec(name: pluginOutput, valueName: "file",
                       help: "After a passing lint, write a placeholder Swift file there (the build-tool plugin's output)"),
        ]
    }
}

/// A usage error: printed with the command's usage line; exit status 2.
struct UsageError: Error {
    var message: String
    var command: Command
}

/// The options and operands of one command invocation.
struct ParsedArguments {
    /// Flags that were given, by long name.
    var flags: Set<String> = []
    /// Values of value options, by long name, in order.
    var values: [String: [String]] = [:]
    /// Operands (paths, a rule id, a command name).
    var positionals: [String] = []

    func has(_ name: String) -> Bool { flags.contains(name) }
    func last(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Parses `arguments` for `command`. `--` ends the options; `-` alone is an operand.
    /// An option's separate value must not start with `-` (so `--reporter --strict` is an error).
    static func parse(_ arguments: [String], for command: Command) throws -> ParsedArguments {
        let specs = command.options
        var parsed = ParsedArguments()
        var i = 0
        var optionsEnded = false
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            let spec: OptionSpec
            var inlineValue: String?
            let spelled: String
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name: Substring
                if let eq = body.firstIndex(of: "=") {
                    name = body[..<eq]
                    inlineValue = String(body[body.index(after: eq)...])
                } else {
                    name = body
                }
                spelled = "--" + name
                guard let found = specs.first(where: { $0.name == name }) else {
                    throw unknownOption(spelled, specs: specs, command: command)
                }
                spec = found
            } else {
                spelled = argument
                guard argument.count == 2, let found = specs.first(where: { $0.short != nil && "-\($0.short!)" == argument }) else {
                    throw unknownOption(argument, specs: specs, command: command)
                }
                spec = found
            }
            if spec.takesValue {
                var value = inlineValue
                if value == nil, i < arguments.count, !arguments[i].hasPrefix("-") || arguments[i] == "-" {
                    value = arguments[i]
                    i += 1
                }
                guard let v = value, !v.isEmpty else {
                    let allowed = spec.allowed.isEmpty ? "" : " (\(spec.allowed.joined(separator: ", ")))"
                    throw UsageError(message: "option '\(spelled)' requires a value\(allowed)", command: command)
                }
                parsed.values[spec.name, default: []].append(v)
            } else {
                guard inlineValue == nil else {
                    throw UsageError(message: "option '\(spelled)' does not take a value", command: command)
                }
                parsed.flags.insert(spec.name)
            }
        }
        return parsed
    }

    /// Whether `-h`/`--help` appears before `--`, so that help wins over other mistakes.
    static func wantsHelp(_ arguments: [String]) -> Bool {
        for a in arguments {
            if a == "--" { return false }
            if a == "-h" || a == "--help" { return true }
        }
        return false
    }

    private static func unknownOption(_ spelled: String, specs: [OptionSpec], command: Command) -> UsageError {
        var names = specs.map { "--" + $0.name }
        names += specs.compactMap { $0.short.map { "-\($0)" } }
        let suggestion = spelled.count > 2 ? Suggestions.didYouMean(spelled, among: names) : ""
        return UsageError(message: "unknown option '\(spelled)'" + (suggestion.isEmpty ? "" : "." + suggestion), command: command)
    }

    /// Checks a value against the option's allowed values.
    static func validate(_ value: String, option name: String, allowed: [String], command: Command) throws -> String {
        if allowed.contains(value) { return value }
        if let match = allowed.first(where: { $0.lowercased() == value.lowercased() }) { return match }
        throw UsageError(message: "invalid value '\(value)' for '--\(name)'; expected one of: \(allowed.joined(separator: ", ")).\(Suggestions.didYouMean(value, among: allowed))",
                         command: command)
    }
}
