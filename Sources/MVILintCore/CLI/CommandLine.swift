/// The `mvilint` command line: dispatches commands, runs the linter and picks the exit status.

import Foundation

/// The command-line interface, as a value that returns an exit status instead of exiting.
///
/// Commands: `mvilint [lint] [PATH ...]` (the default), `init [DIRECTORY]`, `rules`, `explain ID`,
/// `docs DIR`, `reporters`, `new screen NAME`, `xcode-template export DIR`, `version` (also
/// `--version`) and `help [COMMAND]` (also `-h`/`--help` after any command).
/// Configuration, baselines and fixes of a lint run are in `Workflow.swift`.
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

    /// `version` is what `--version` prints and reports carry: `mvilintVersion` for the
    /// executable (tests pass others).
    public init(rules: [any Rule.Type], version: String = mvilintVersion) {
        self.rules = rules
        self.version = version
        self.infos = rules.map { $0.info }
    }

    /// Whether the process exits once `run` returns (the `mvilint` executable): a lint run then
    /// leaves its large structures to the end of the process rather than freeing them
    /// (`Linter.leavesMemoryToExit`). Off for callers that run the command line in process.
    public var exitsAfterRun = false

    /// Runs the language server (`mvilint lsp`) until the client exits and returns its exit
    /// status. The executable sets it; without it, `lsp` is an error.
    public var languageServer: (() -> Int32)?

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    /// `stdin` is called (once) only by `lint --stdin-path`.
    public func run(_ arguments: [String], stdin: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() },
                    stdout: (String) -> Void, stderr: (String) -> Void) -> Int32 {
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
        // A first word that is no command but is spelled like one: a mistyped command when no
        // such path exists, else a path that is linted, with a hint.
        var pathHint: String?
        if !explicitCommand, let first = arguments.first, let intended = Self.commandSpelledLike(first) {
            guard FileManager.default.fileExists(atPath: first) else {
                stderr("Error: unknown command '\(first)'. Did you mean '\(intended)'?\n")
                stderr("Usage: \(Command.lint.usage)\n")
                stderr("       mvilint <command> [<arguments>]\n")
                stderr("See 'mvilint --help' for more information.\n")
                return ExitStatus.failure
            }
            pathHint = "Hint: '\(first)' is linted as a path, not run as the command '\(intended)'; write './\(first)' or 'mvilint lint \(first)' to say so\n"
        }
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
                if let hint = pathHint, !parsed.has(OptionSpec.quiet) { stderr(hint) }
                return try lint(parsed, stdin: stdin, stdout: stdout, stderr: stderr)
            case .initConfig:
                return try initConfiguration(parsed, stderr: stderr)
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
                stdout(HelpText.explain(info, full: parsed.has(OptionSpec.full)))
            case .docs:
                guard let directory = parsed.positionals.first else {
                    throw UsageError(message: "missing output directory", command: command)
                }
                try expectOperands(parsed, at: 1, command)
                return writeDocs(to: directory, stdout: stdout, stderr: stderr)
            case .graph:
                return try graph(parsed, stdin: stdin, stdout: stdout, stderr: stderr)
            case .reporters:
                try expectOperands(parsed, at: 0, command)
                stdout(HelpText.reportersTable(Reporters.all))
            case .new:
                return try newScreen(parsed, stdout: stdout)
            case .xcodeTemplate:
                return try exportXcodeTemplates(parsed, stdout: stdout)
            case .lsp:
                try expectOperands(parsed, at: 0, command)
                guard let server = languageServer else {
                    throw IntegrationError(description: "this build of mvilint has no language server")
                }
                return server()
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
        } catch let error as IntegrationError {
            stderr("Error: \(error.description)\n")
            return ExitStatus.failure
        } catch let error as ConfigurationError {
            for issue in error.issues { stderr("Error: \(issue)\n") }
            return ExitStatus.failure
        } catch let error as WorkflowError {
            for message in error.messages { stderr("Error: \(message)\n") }
            return ExitStatus.failure
        } catch {
            stderr("Error: internal failure: \(error)\n")
            return ExitStatus.failure
        }
    }

    /// The command that `word` looks like a misspelling of: a word (no `/`, `.` or leading `-`)
    /// that starts with the same letter as a command and is within two edits of it
    /// (`lnt`, `rulse`, `verison`, `Lint`). Nil for commands themselves and for other words.
    static func commandSpelledLike(_ word: String) -> String? {
        guard Command(rawValue: word) == nil, !word.isEmpty, !word.hasPrefix("-"),
              !word.contains("/"), !word.contains(".") else { return nil }
        let candidates = Command.allCases.map(\.rawValue).filter { $0.first == word.lowercased().first }
        guard let closest = Suggestions.closest(to: word, among: candidates),
              Suggestions.levenshtein(word.lowercased(), closest) <= 2 else { return nil }
        return closest
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
        /// `--stdin-path`: standard input is linted as this file.
        var stdinPath: String? = nil
        /// `--staged`: the files staged in git are linted, as staged.
        var staged = false
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
        let stdinPath = parsed.last(OptionSpec.stdinPath)
        let staged = parsed.has(OptionSpec.staged)
        if stdinPath != nil, staged {
            throw UsageError(message: "options '--\(OptionSpec.stdinPath)' and '--\(OptionSpec.staged)' cannot be combined", command: .lint)
        }
        if let first = parsed.positionals.first, stdinPath != nil || staged {
            let option = staged ? OptionSpec.staged : OptionSpec.stdinPath
            throw UsageError(message: "unexpected argument '\(first)': '--\(option)' chooses the files to lint", command: .lint)
        }
        return LintOptions(paths: parsed.positionals.isEmpty ? ["."] : parsed.positionals,
                           reporter: reporter, selection: selection,
                           strict: parsed.has(OptionSpec.strict), quiet: parsed.has(OptionSpec.quiet),
                           timings: parsed.has(OptionSpec.timings), stdinPath: stdinPath, staged: staged)
    }

    /// The files one lint run checks and the sources that replace their on-disk content.
    struct LintInputs {
        /// Absolute paths of the files to lint, sorted.
        var files: [String]
        /// The paths the project root is searched from.
        var rootSearchPaths: [String]
        /// Sources that replace the disk: standard input, or git's staged versions.
        var contents: [String: [UInt8]] = [:]
        var errors: [InputDiagnostic] = []
        var emptyInputs: [String] = []
        /// The SwiftPM manifests found while walking the given directories.
        var manifests: [String] = []
    }

    /// Chooses the files of a lint run: standard input as one file, the staged files, or the
    /// Swift files found under the given paths.
    func lintInputs(_ options: LintOptions, stdin: () -> Data) throws -> LintInputs {
        if let given = options.stdinPath {
            let path = FileDiscovery.absolutePath(given)
            return LintInputs(files: [path], rootSearchPaths: [path], contents: [path: [UInt8](stdin())])
        }
        if options.staged {
            let snapshot = try Git.stagedSwiftFiles(in: FileManager.default.currentDirectoryPath)
            var contents: [String: [UInt8]] = [:]
            for file in snapshot.files { contents[file.path] = file.bytes }
            let files = snapshot.files.map(\.path)
            return LintInputs(files: files, rootSearchPaths: files.isEmpty ? [snapshot.root] : files, contents: contents)
        }
        let discovery = FileDiscovery.swiftFiles(in: options.paths)
        return LintInputs(files: discovery.files, rootSearchPaths: options.paths, errors: discovery.errors, emptyInputs: discovery.emptyInputs,
                          manifests: discovery.manifests)
    }

    /// What one run of the linter over the command line's inputs produced, before reporting.
    struct LintRun {
        var result: LintResult
        var root: String
        var inputs: LintInputs
        var settings: ProjectSettings
        /// The files linted (the others of the project only resolve names).
        var lintFiles: [String]
        /// Lints again with the same inputs and settings (after fixes).
        var relint: () -> LintResult
    }

    /// Finds the inputs, loads the configuration and lints. `keepsIndex`: the result holds the
    /// project index (`LintResult.index`), for drawing the architecture graph.
    func runLinter(_ options: LintOptions, _ workflow: WorkflowOptions, _ parsed: ParsedArguments, keepsIndex: Bool,
                   stdin: () -> Data, stderr: (String) -> Void) throws -> LintRun {
        let findStart = DispatchTime.now()
        let discovery = try lintInputs(options, stdin: stdin)
        var finding = Double(DispatchTime.now().uptimeNanoseconds &- findStart.uptimeNanoseconds) / 1e9
        for path in discovery.emptyInputs { stderr("Warning: no Swift files found in \(path)\n") }
        let root = FileDiscovery.projectRoot(for: discovery.rootSearchPaths)
        let configuration = try loadConfiguration(workflow, projectRoot: root)
        // `included`/`excluded` pick the files to lint (named ones too); all of them stay indexed.
        let lintFiles = discovery.files.filter { configuration?.isLinted($0) ?? true }

        var result: LintResult
        var settings = ProjectSettings()
        var relint = { LintResult(findings: [], diagnostics: [], lintedFileCount: 0, timings: LintTimings()) }
        if lintFiles.isEmpty {
            result = relint()
        } else {
            // The root is walked again unless it is the one directory being linted.
            let lintsRootOnly = discovery.contents.isEmpty && options.paths.count == 1 && FileDiscovery.absolutePath(options.paths[0]) == root
            let rootStart = DispatchTime.now()
            var projectFiles = discovery.files, manifests = discovery.manifests
            if !lintsRootOnly {
                let walked = FileDiscovery.swiftFiles(in: [root])
                projectFiles = walked.files
                manifests = walked.manifests
            }
            finding += Double(DispatchTime.now().uptimeNanoseconds &- rootStart.uptimeNanoseconds) / 1e9
            settings.defaultMainActorDirectories = FileDiscovery.defaultMainActorDirectories(projectRoot: root, manifests: manifests)
            settings.coreDataEntityClasses = FileDiscovery.coreDataEntityClasses(manifests: manifests)
            var selection = options.selection
            configuration?.apply(to: &selection, keepProfile: parsed.last(OptionSpec.profile) != nil)
            configuration?.apply(to: &settings)
            let linter = Linter(rules: rules, selection: selection, settings: settings)
            linter.retainsSources = workflow.retainsSources
            linter.keepsIndex = keepsIndex
            // When the process exits after this run; a run that fixes lints again.
            linter.leavesMemoryToExit = exitsAfterRun && !workflow.fix
            relint = { linter.lint(files: lintFiles, projectFiles: projectFiles, contents: discovery.contents) }
            result = relint()
        }
        result.timings.finding = finding
        result.timings.total += finding
        return LintRun(result: result, root: root, inputs: discovery, settings: settings, lintFiles: lintFiles, relint: relint)
    }

    private func lint(_ parsed: ParsedArguments, stdin: () -> Data, stdout: (String) -> Void, stderr: (String) -> Void) throws -> Int32 {
        let options = try lintOptions(parsed)
        let workflow = try workflowOptions(parsed)
        let run = try runLinter(options, workflow, parsed, keepsIndex: options.reporter.usesGraph, stdin: stdin, stderr: stderr)
        var result = run.result
        let root = run.root, discovery = run.inputs, relint = run.relint
        // Fixes, baselines (see Workflow.swift).
        let outcome = try applyWorkflow(workflow, to: result, projectRoot: root, quiet: options.quiet, stdout: stdout, stderr: stderr, relint: relint)
        result = outcome.result
        result.diagnostics = discovery.errors + result.diagnostics

        let lineTexts = options.reporter.usesLineTexts
            ? LintSources.lineTexts(for: result.findings, contents: discovery.contents, radius: options.reporter.lineTextRadius) : [:]
        var context = ReportContext(toolVersion: version, rules: infos,
                                    baseDirectory: LintSources.workTreeRoot(containing: root) ?? root,
                                    currentDirectory: FileDiscovery.absolutePath("."), lineTexts: lineTexts)
        let environment = ProcessInfo.processInfo.environment
        if let server = environment["GITHUB_SERVER_URL"], let repository = environment["GITHUB_REPOSITORY"], let sha = environment["GITHUB_SHA"],
           !server.isEmpty, !repository.isEmpty, !sha.isEmpty {
            // In GitHub Actions: links to the files at the commit being checked.
            context.sourceLinkBase = server + "/" + repository + "/blob/" + sha + "/"
        }
        if options.reporter.usesGraph, let index = result.index {
            // Drawn from the findings that are reported (after the baseline), then the index goes.
            context.graph = GraphBuilder(index: index, settings: run.settings).build(findings: result.findings, files: Set(run.lintFiles), contents: discovery.contents)
            result.index = nil
        }
        let report = options.reporter.report(result, context: context)
        if !report.isEmpty, outcome.printsReport { stdout(report) }
        for d in result.diagnostics { stderr("Error: \(d.path): \(d.message)\n") }

        let errors = result.findings.filter { $0.severity == .error }.count
        let warnings = result.findings.count - errors
        if !options.quiet {
            var line = "Linted \(plural(result.lintedFileCount, "file"))\(indexedNote(result.timings, lintFiles: run.lintFiles.count)): \(plural(errors, "error")), \(plural(warnings, "warning"))"
            if !result.diagnostics.isEmpty { line += ", \(plural(result.diagnostics.count, "input error"))" }
            stderr(line + "\n")
        }
        if options.timings { stderr(timingsText(result.timings, lintFiles: run.lintFiles.count)) }

        let status: Int32
        if !result.diagnostics.isEmpty {
            status = ExitStatus.failure
        } else if errors > 0 || (options.strict && !result.findings.isEmpty) {
            status = ExitStatus.findings
        } else {
            if let output = parsed.last(OptionSpec.pluginOutput) { try LintSources.writePluginOutput(output) }
            status = ExitStatus.success
        }
        // Everything is written (each output is one write, unbuffered). The process ends here,
        // rather than after freeing the run's findings, file lists and paths one by one.
        if exitsAfterRun { exit(status) }
        return status
    }

    /// ` (indexed 120 for types)` when the run read more files than it was asked to lint: the
    /// lint paths lie inside a larger project, every Swift file of which is indexed so that
    /// types resolve. `lintFiles` counts the files to lint, those that could not be read too.
    func indexedNote(_ t: LintTimings, lintFiles: Int) -> String {
        t.files > lintFiles ? " (indexed \(t.files) for types)" : ""
    }

    /// The `--timings` lines: wall-clock time per phase (see `LintTimings` for how the parallel
    /// passes are split between phases), the time threads spent on each phase, and throughput.
    func timingsText(_ t: LintTimings, lintFiles: Int) -> String {
        func s(_ x: Double) -> String { String(format: "%.3fs", x) }
        let megabytes = Double(t.bytes) / 1_000_000
        let rate = t.total > 0 ? megabytes / t.total : 0
        return "Timings: find \(s(t.finding)), read \(s(t.reading)), scan \(s(t.scanning)), index \(s(t.indexing)), check \(s(t.checking)), total \(s(t.total)) (wall clock)\n"
            + "Thread time: read \(s(t.readingWork)), scan \(s(t.scanningWork)), check \(s(t.checkingWork)); \(plural(t.rescannedFiles, "file")) scanned again for checking, \(plural(t.skippedFiles, "file")) out of every rule's scope\n"
            + "Throughput: \(plural(t.files, "file")), \(String(format: "%.2f", megabytes)) MB, \(String(format: "%.1f", rate)) MB/s\n"
            + (t.files > lintFiles ? "Index: \(plural(t.files, "file")) indexed for types, \(lintFiles) of them to lint\n" : "")
            + (t.peakMemoryAfterCheck > 0
                ? "Peak memory: \(mb(t.peakMemoryAfterScan)) after scanning, \(mb(t.peakMemoryAfterIndex)) after indexing, \(mb(t.peakMemoryAfterCheck)) after checking\n"
                : "")
            + allocatorText()
    }

    /// The allocator settings the process runs with, when any are set (see `AllocatorTuning`).
    private func allocatorText() -> String {
        guard let value = ProcessInfo.processInfo.environment[AllocatorTuning.variable], !value.isEmpty else { return "" }
        return "Allocator: \(AllocatorTuning.variable)=\(value)\n"
    }

    private func mb(_ bytes: Int) -> String { String(format: "%.0f MB", Double(bytes) / 1_000_000) }

    private func plural(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
}
