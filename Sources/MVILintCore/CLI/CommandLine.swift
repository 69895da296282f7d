/// The `mvilint` command line: dispatches commands, runs the linter and picks the exit status.

import Foundation

/// The command-line interface, as a value that returns an exit status instead of exiting.
///
/// Commands: `mvilint [lint] [PATH ...]` (the default), `rules`, `explain ID`, `version`
/// (also `--version`) and `help [COMMAND]` (also `-h`/`--help` after any command).
///
/// Exit status (`ExitStatus`):
/// - 0: no error-severity finding. Also when a directory holds no Swift file: that prints
///   `Warning: no Swift files found in PATH` on standard error and is not a failure.
/// - 1: at least one error-severity finding; with `--strict`, at least one finding.
/// - 2: a usage error (unknown command, option, option value or rule id, a missing value or
///   operand), a configuration error, an input error, or an internal failure. Input errors are
///   a path that does not exist, a directory that cannot be listed, and a file that cannot be
///   read, is binary or is not UTF-8: every other file is still linted and its findings are
///   reported before the command exits with 2.
///
/// Output: the report goes to `stdout` in one call. Everything else goes to `stderr`, one call
/// per line: `Error: …` (followed, for usage errors, by `Usage: …` and
/// `See 'mvilint --help' for more information.`), `Error: PATH: MESSAGE` for input errors,
/// `Warning: …`, the summary line and the timings. Every string passed ends with a newline.
public struct CommandLineTool {
    /// The exit statuses `run` returns.
    public enum ExitStatus {
        public static let success: Int32 = 0
        public static let findings: Int32 = 1
        public static let failure: Int32 = 2
    }

    public let rules: [any Rule.Type]
    public let version: String
    /// Metadata of `rules`, read once.
    let infos: [RuleInfo]

    public init(rules: [any Rule.Type], version: String) {
        self.rules = rules
        self.version = version
        self.infos = rules.map { $0.info }
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    public func run(_ arguments: [String], stdout: (String) -> Void, stderr: (String) -> Void) -> Int32 {
        var command = Command.lint
        var rest = arguments
        if let first = arguments.first, let c = Command(rawValue: first) {
            command = c
            rest = Array(arguments.dropFirst())
        } else if arguments.first == "--version" {
            stdout(version + "\n")
            return ExitStatus.success
        }
        let explicitCommand = command != .lint || arguments.first == Command.lint.rawValue
        do {
            if ParsedArguments.wantsHelp(rest) {
                stdout(explicitCommand ? HelpText.command(command, version: version) : HelpText.general(version: version))
                return ExitStatus.success
            }
            let parsed = try ParsedArguments.parse(rest, for: command)
            if parsed.has(OptionSpec.version.name) {
                stdout(version + "\n")
                return ExitStatus.success
            }
            switch command {
            case .lint:
                return try lint(parsed, stdout: stdout, stderr: stderr)
            case .rules:
                try expectOperands(parsed, at: 0, command)
                stdout(HelpText.rulesTable(infos))
            case .explain:
                guard let id = parsed.positionals.first else {
                    throw UsageError(message: "missing rule id", command: command)
                }
                try expectOperands(parsed, at: 1, command)
                let resolved = try resolveRuleID(id, command: command)
                guard let info = infos.first(where: { $0.id == resolved }) else { return ExitStatus.failure }
                stdout(HelpText.explain(info))
            case .docs:
                guard let directory = parsed.positionals.first else {
                    throw UsageError(message: "missing output directory", command: command)
                }
                try expectOperands(parsed, at: 1, command)
                return writeDocs(to: directory, stdout: stdout, stderr: stderr)
            case .version:
                try expectOperands(parsed, at: 0, command)
                stdout(version + "\n")
            case .help:
                try expectOperands(parsed, at: 1, command)
                guard let name = parsed.positionals.first else {
                    stdout(HelpText.general(version: version))
                    return ExitStatus.success
                }
                guard let target = Command(rawValue: name) else {
                    let suggestion = Suggestions.didYouMean(name, among: Command.allCases.map(\.rawValue))
                    throw UsageError(message: "unknown command '\(name)'" + (suggestion.isEmpty ? "" : "." + suggestion), command: .help)
                }
                stdout(HelpText.command(target, version: version))
            }
            return ExitStatus.success
        } catch let error as UsageError {
            stderr("Error: \(error.message)\n")
            stderr("Usage: \(error.command.usage)\n")
            stderr("See 'mvilint --help' for more information.\n")
            return ExitStatus.failure
        } catch {
            stderr("Error: internal failure: \(error)\n")
            return ExitStatus.failure
        }
    }

    /// Rejects operands beyond the first `count`.
    private func expectOperands(_ parsed: ParsedArguments, at count: Int, _ command: Command) throws {
        guard parsed.positionals.count > count else { return }
        throw UsageError(message: "unexpected argument '\(parsed.positionals[count])'", command: command)
    }

    /// The rule id as registered; also accepts other letter case and kebab-case
    /// (`State-Private-Set`). Unknown ids are usage errors that suggest the closest id.
    func resolveRuleID(_ id: String, command: Command) throws -> String {
        let ids = infos.map(\.id)
        if ids.contains(id) { return id }
        let normalized = id.lowercased().replacingOccurrences(of: "-", with: "_")
        if ids.contains(normalized) { return normalized }
        let suggestion = Suggestions.didYouMean(normalized, among: ids)
        let hint = suggestion.isEmpty ? " Run 'mvilint rules' to list the rules." : suggestion
        throw UsageError(message: "unknown rule id '\(id)'.\(hint)", command: command)
    }

    // MARK: lint

    /// The options of one lint run, validated.
    struct LintOptions {
        var paths: [String]
        var reporter: any Reporter.Type
        var selection: RuleSelection
        var strict: Bool
        var quiet: Bool
        var timings: Bool
    }

    func lintOptions(_ parsed: ParsedArguments) throws -> LintOptions {
        var reporter = Reporters.default
        if let id = parsed.last(OptionSpec.reporter) {
            let valid = try ParsedArguments.validate(id, option: OptionSpec.reporter, allowed: Reporters.ids, command: .lint)
            reporter = Reporters.named(valid) ?? reporter
        }
        var selection = RuleSelection()
        if let p = parsed.last(OptionSpec.profile) {
            let valid = try ParsedArguments.validate(p, option: OptionSpec.profile, allowed: Profile.allCases.map(\.rawValue), command: .lint)
            selection.profile = Profile(rawValue: valid) ?? .mvvm
        }
        let requested = parsed.all(OptionSpec.onlyRule)
        if !requested.isEmpty {
            var only = Set<String>()
            for value in requested {
                let ids = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                guard !ids.isEmpty else {
                    throw UsageError(message: "option '--\(OptionSpec.onlyRule)' requires a rule id", command: .lint)
                }
                for id in ids { only.insert(try resolveRuleID(id, command: .lint)) }
            }
            selection.onlyRules = only
        }
        return LintOptions(paths: parsed.positionals.isEmpty ? ["."] : parsed.positionals,
                           reporter: reporter, selection: selection,
                           strict: parsed.has(OptionSpec.strict), quiet: parsed.has(OptionSpec.quiet),
                           timings: parsed.has(OptionSpec.timings))
    }

    private func lint(_ parsed: ParsedArguments, stdout: (String) -> Void, stderr: (String) -> Void) throws -> Int32 {
        let options = try lintOptions(parsed)
        let discovery = FileDiscovery.swiftFiles(in: options.paths)
        for path in discovery.emptyInputs { stderr("Warning: no Swift files found in \(path)\n") }

        var result: LintResult
        if discovery.files.isEmpty {
            result = LintResult(findings: [], diagnostics: [], lintedFileCount: 0, timings: LintTimings())
        } else {
            let root = FileDiscovery.projectRoot(for: options.paths)
            // The root is walked again unless it is the one directory being linted.
            let lintsRootOnly = options.paths.count == 1 && FileDiscovery.absolutePath(options.paths[0]) == root
            let projectFiles = lintsRootOnly ? discovery.files : FileDiscovery.swiftFiles(in: [root]).files
            var settings = ProjectSettings()
            settings.defaultMainActorDirectories = FileDiscovery.defaultMainActorDirectories(projectRoot: root)
            let linter = Linter(rules: rules, selection: options.selection, settings: settings)
            result = linter.lint(files: discovery.files, projectFiles: projectFiles)
        }
        result.diagnostics = discovery.errors + result.diagnostics

        let report = options.reporter.report(result, context: ReportContext(toolVersion: version, rules: infos))
        if !report.isEmpty { stdout(report) }
        for d in result.diagnostics { stderr("Error: \(d.path): \(d.message)\n") }

        let errors = result.findings.filter { $0.severity == .error }.count
        let warnings = result.findings.count - errors
        if !options.quiet {
            var line = "Linted \(plural(result.lintedFileCount, "file")): \(plural(errors, "error")), \(plural(warnings, "warning"))"
            if !result.diagnostics.isEmpty { line += ", \(plural(result.diagnostics.count, "input error"))" }
            stderr(line + "\n")
        }
        if options.timings { stderr(timingsText(result.timings)) }

        if !result.diagnostics.isEmpty { return ExitStatus.failure }
        if errors > 0 || (options.strict && !result.findings.isEmpty) { return ExitStatus.findings }
        return ExitStatus.success
    }

    /// The `--timings` lines. Reading and scanning add up the time spent on each file (across
    /// cores); indexing, checking and the total are wall-clock times.
    func timingsText(_ t: LintTimings) -> String {
        func s(_ x: Double) -> String { String(format: "%.3fs", x) }
        let megabytes = Double(t.bytes) / 1_000_000
        let rate = t.total > 0 ? megabytes / t.total : 0
        return "Timings: read \(s(t.reading)), scan \(s(t.scanning)), index \(s(t.indexing)), check \(s(t.checking)), total \(s(t.total)) (read and scan are summed over files)\n"
            + "Throughput: \(plural(t.files, "file")), \(String(format: "%.2f", megabytes)) MB, \(String(format: "%.1f", rate)) MB/s\n"
    }

    private func plural(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
}
