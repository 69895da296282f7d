/// The team-workflow parts of a lint run (configuration, baseline, fixes) and the `init` command.

import Foundation

/// Errors in workflow files that end the run with exit status 2; each message is printed as
/// `Error: …` on its own line.
struct WorkflowError: Error {
    var messages: [String]
}

extension CommandLineTool {
    /// The workflow options of one lint run, validated.
    struct WorkflowOptions {
        /// `--config PATH`: this file instead of the `.mvilint.json` found from the project root.
        var configPath: String?
        /// `--baseline FILE`: findings recorded there are not reported.
        var baseline: Baseline?
        /// `--write-baseline FILE` (absolute).
        var writeBaselinePath: String?
        var fix = false
        var dryRun = false
        var unsafeFixes = false

        /// Whether the linter must keep the linted bytes (fixes compare them with the disk;
        /// baselines read line texts from them).
        var retainsSources: Bool { fix || baseline != nil || writeBaselinePath != nil }
    }

    /// Reads the workflow options and loads the baseline (so that a bad one fails before linting).
    func workflowOptions(_ parsed: ParsedArguments) throws -> WorkflowOptions {
        var w = WorkflowOptions()
        w.configPath = parsed.last(OptionSpec.config)
        w.fix = parsed.has(OptionSpec.fix)
        w.dryRun = parsed.has(OptionSpec.dryRun)
        w.unsafeFixes = parsed.has(OptionSpec.unsafeFixes)
        w.writeBaselinePath = parsed.last(OptionSpec.writeBaseline).map { FileDiscovery.absolutePath($0) }
        for flag in [OptionSpec.dryRun, OptionSpec.unsafeFixes] where parsed.has(flag) && !w.fix {
            throw UsageError(message: "option '--\(flag)' requires '--\(OptionSpec.fix)'", command: .lint)
        }
        if w.fix, parsed.last(OptionSpec.writeBaseline) != nil {
            throw UsageError(message: "options '--\(OptionSpec.fix)' and '--\(OptionSpec.writeBaseline)' cannot be combined; fix first, then write the baseline", command: .lint)
        }
        for other in [OptionSpec.stdinPath, OptionSpec.staged] where w.fix && (parsed.has(other) || parsed.last(other) != nil) {
            throw UsageError(message: "option '--\(OptionSpec.fix)' rewrites files on disk and cannot be combined with '--\(other)'", command: .lint)
        }
        if let given = parsed.last(OptionSpec.baseline) {
            do {
                w.baseline = try Baseline.load(path: FileDiscovery.absolutePath(given))
            } catch let e as Baseline.LoadError {
                throw WorkflowError(messages: [e.description])
            }
        }
        return w
    }

    /// The configuration of a run: `--config PATH`, else the `.mvilint.json` that applies to
    /// the project root; nil when there is none.
    /// - Throws: `ConfigurationError` with every issue of the file.
    func loadConfiguration(_ w: WorkflowOptions, projectRoot: String) throws -> Configuration? {
        guard let path = w.configPath ?? ConfigurationLoader.find(from: projectRoot) else { return nil }
        return try ConfigurationLoader.load(path: path, rules: infos)
    }

    /// What the workflow steps leave for reporting.
    struct WorkflowOutcome {
        var result: LintResult
        /// False when standard output already holds a diff (`--fix --dry-run`).
        var printsReport = true
    }

    /// Applies fixes (re-linting afterwards through `relint`), writes the baseline and hides the
    /// findings the baseline records. Files that cannot be fixed become input errors (exit 2).
    /// Progress lines go to `stderr` unless `quiet`; warnings always do.
    func applyWorkflow(_ w: WorkflowOptions, to lint: LintResult, projectRoot root: String, quiet: Bool,
                       stdout: (String) -> Void, stderr: (String) -> Void, relint: () -> LintResult) throws -> WorkflowOutcome {
        var outcome = WorkflowOutcome(result: lint)
        func info(_ line: String) { if !quiet { stderr(line) } }
        func hideKnown(_ result: inout LintResult, announce: Bool) {
            guard let baseline = w.baseline else { return }
            let filtered = baseline.filter(result.findings, projectRoot: root, lines: SourceLines(sources: result.sources))
            result.findings = filtered.new
            if announce, filtered.known > 0 { info("Baseline: \(counted(filtered.known, "recorded finding")) not reported\n") }
        }

        if let path = w.writeBaselinePath {
            let recorded = Baseline(findings: lint.findings, projectRoot: root, lines: SourceLines(sources: lint.sources))
            do {
                try recorded.write(to: path)
            } catch let e as Baseline.LoadError {
                throw WorkflowError(messages: [e.description])
            }
            info("Wrote \(counted(recorded.entries.count, "finding")) to the baseline \(path)\n")
            // Without `--baseline`, the new baseline is the filter: nothing is reported.
            if w.baseline == nil { outcome.result.findings = [] }
        }

        hideKnown(&outcome.result, announce: !w.fix)
        guard w.fix else { return outcome }

        let candidates = outcome.result.findings.filter { $0.fix != nil }
        let unsafeLeft = w.unsafeFixes ? 0 : candidates.filter { $0.fix?.safety == .unsafe }.count
        let files = FixApplier.fixFiles(candidates, lintedSources: lint.sources, includeUnsafe: w.unsafeFixes, dryRun: w.dryRun,
                                        displayPath: { [currentDirectory = FileDiscovery.absolutePath(".")] in
                                            // As reports print them, so that `git apply` works from here.
                                            ReportPaths.display($0, currentDirectory: currentDirectory)
                                        })
        var fixed = 0, fixedFiles = 0, skipped = 0
        var failures: [InputDiagnostic] = []
        for file in files {
            skipped += file.skipped
            switch file.status {
            case .fixed(let n):
                fixed += n
                fixedFiles += 1
            case .changedSinceLint:
                stderr("Warning: \(file.path) changed since it was linted; it was not fixed\n")
            case .failed(let message):
                failures.append(InputDiagnostic(path: file.path, message: "cannot be fixed: \(message); the file is unchanged"))
            }
        }
        if w.dryRun {
            let diff = files.filter { if case .fixed = $0.status { return true } else { return false } }.map(\.diff).joined()
            if !diff.isEmpty { stdout(diff) }
            outcome.printsReport = false
            info("Would fix \(counted(fixed, "finding")) in \(counted(fixedFiles, "file")) (dry run: nothing was written)\n")
        } else {
            info("Fixed \(counted(fixed, "finding")) in \(counted(fixedFiles, "file"))\n")
            if fixedFiles > 0 {
                var again = relint()
                hideKnown(&again, announce: false)
                outcome.result = again
            }
        }
        if skipped > 0 { info("Note: \(counted(skipped, "fix", "fixes")) overlapped other fixes; run --fix again to apply them\n") }
        if unsafeLeft > 0 { info("Note: \(counted(unsafeLeft, "unsafe fix", "unsafe fixes")) not applied; rerun with --unsafe-fixes to apply after review\n") }
        outcome.result.diagnostics += failures
        return outcome
    }

    // MARK: init

    /// `mvilint init [DIRECTORY]`: writes the starter configuration; never overwrites one.
    func initConfiguration(_ parsed: ParsedArguments, stderr: (String) -> Void) throws -> Int32 {
        if parsed.positionals.count > 1 {
            throw UsageError(message: "unexpected argument '\(parsed.positionals[1])'", command: .initConfig)
        }
        let directory = FileDiscovery.absolutePath(parsed.positionals.first ?? ".")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WorkflowError(messages: ["\(directory): no such directory"])
        }
        let path = FileDiscovery.join(directory, ConfigurationLoader.fileName)
        if FileManager.default.fileExists(atPath: path) {
            throw WorkflowError(messages: ["\(path) already exists; edit it, or remove it to start over"])
        }
        do {
            try AtomicFile.write(Array(StarterConfiguration.text(rules: infos).utf8), to: path)
        } catch {
            throw WorkflowError(messages: ["\(path): cannot write the configuration: \(error)"])
        }
        stderr("Created \(path) listing \(counted(infos.count, "rule")) with their defaults\n")
        return ExitStatus.success
    }

    /// `1 finding`, `3 findings`.
    func counted(_ n: Int, _ noun: String, _ pluralNoun: String? = nil) -> String {
        n == 1 ? "1 \(noun)" : "\(n) \(pluralNoun ?? noun + "s")"
    }
}

extension OptionSpec {
    static let config = "config", baseline = "baseline", writeBaseline = "write-baseline"
    static let fix = "fix", dryRun = "dry-run", unsafeFixes = "unsafe-fixes"

    /// The `lint` options of the team workflow.
    static var workflowOptions: [OptionSpec] {
        [
            OptionSpec(name: config, valueName: "file",
                       help: "Read this configuration instead of the .mvilint.json found from the project root"),
            OptionSpec(name: baseline, valueName: "file",
                       help: "Report only findings that this baseline file does not record"),
            OptionSpec(name: writeBaseline, valueName: "file",
                       help: "Record every current finding in this baseline file (then report only findings that --baseline does not record)"),
            OptionSpec(name: fix, valueName: nil,
                       help: "Apply the safe fixes to the files, then report what remains"),
            OptionSpec(name: unsafeFixes, valueName: nil,
                       help: "With --fix, also apply fixes that may change behaviour (such as adding @MainActor)"),
            OptionSpec(name: dryRun, valueName: nil,
                       help: "With --fix, print the changes as a unified diff instead of writing them"),
        ]
    }
}
