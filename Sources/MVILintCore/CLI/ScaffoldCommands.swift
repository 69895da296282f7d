/// The `new` and `xcode-template` commands: new screens and the Xcode templates that make them.

import Foundation

extension CommandLineTool {
    /// What `new` can create.
    static let newKinds = ["screen"]
    /// What `xcode-template` can do.
    static let templateActions = ["export"]

    /// `mvilint new screen NAME [--pattern P] [--observable] [--dir DIR] [--config FILE]`.
    func newScreen(_ parsed: ParsedArguments, stdout: (String) -> Void) throws -> Int32 {
        guard let kind = parsed.positionals.first else {
            throw UsageError(message: "missing what to create; expected one of: \(Self.newKinds.joined(separator: ", "))", command: .new)
        }
        guard Self.newKinds.contains(kind) else {
            throw UsageError(message: "cannot create '\(kind)'; expected one of: \(Self.newKinds.joined(separator: ", ")).\(Suggestions.didYouMean(kind, among: Self.newKinds))", command: .new)
        }
        guard parsed.positionals.count >= 2 else {
            throw UsageError(message: "missing the screen's name (an UpperCamelCase Swift identifier such as 'Profile')", command: .new)
        }
        if parsed.positionals.count > 2 {
            throw UsageError(message: "unexpected argument '\(parsed.positionals[2])'", command: .new)
        }
        let name = parsed.positionals[1]
        if let problem = ScreenScaffold.problem(withName: name) { throw UsageError(message: problem, command: .new) }

        let directory = FileDiscovery.absolutePath(parsed.last(OptionSpec.dir) ?? ".")
        // The configuration that applies where the files go (searched from the nearest existing
        // directory), or the one named with --config.
        var existing = directory
        while !FileManager.default.fileExists(atPath: existing), FileDiscovery.parent(of: existing) != existing { existing = FileDiscovery.parent(of: existing) }
        let configPath = parsed.last(OptionSpec.config) ?? ConfigurationLoader.find(from: existing)
        let configuration = try configPath.map { try ConfigurationLoader.load(path: $0, rules: infos) }

        var pattern = ScreenPattern(profile: configuration?.profile ?? .mvvm)
        if let given = parsed.last(OptionSpec.pattern) {
            let valid = try ParsedArguments.validate(given, option: OptionSpec.pattern, allowed: ScreenPattern.allCases.map(\.rawValue), command: .new)
            pattern = ScreenPattern(rawValue: valid) ?? pattern
        }
        let observable = parsed.has(OptionSpec.observable)
        let naming = ScaffoldNaming(configuration: configuration)
        let names = naming.names(name, pattern: pattern)
        let files = ScreenSources.files(names, pattern: pattern, observable: observable)
        let root = ScreenScaffold.projectRoot(containing: directory)
        let outcome: ScreenScaffold.Outcome
        do {
            outcome = try ScreenScaffold.writeFiles(files, into: directory, projectRoot: root, genericStore: naming.genericStore, observable: observable)
        } catch let e as ScaffoldError {
            throw WorkflowError(messages: e.messages)
        }
        var report = ""
        for path in outcome.written { report += "Wrote \(path)\n" }
        for path in outcome.reused { report += "Uses \(naming.genericStore) from \(path)\n" }
        report += "Created the \(pattern.displayName) screen \(name) (\(observable ? "@Observable" : "ObservableObject")); it passes 'mvilint --profile \(pattern.profile.rawValue)'\n"
        stdout(report)
        return ExitStatus.success
    }

    /// `mvilint xcode-template export DIR [--config FILE]`.
    func exportXcodeTemplates(_ parsed: ParsedArguments, stdout: (String) -> Void) throws -> Int32 {
        guard let action = parsed.positionals.first else {
            throw UsageError(message: "missing the action; expected one of: \(Self.templateActions.joined(separator: ", "))", command: .xcodeTemplate)
        }
        guard Self.templateActions.contains(action) else {
            throw UsageError(message: "unknown action '\(action)'; expected one of: \(Self.templateActions.joined(separator: ", ")).\(Suggestions.didYouMean(action, among: Self.templateActions))", command: .xcodeTemplate)
        }
        guard parsed.positionals.count >= 2 else {
            throw UsageError(message: "missing the directory to write the templates into", command: .xcodeTemplate)
        }
        if parsed.positionals.count > 2 {
            throw UsageError(message: "unexpected argument '\(parsed.positionals[2])'", command: .xcodeTemplate)
        }
        let configPath = parsed.last(OptionSpec.config) ?? ConfigurationLoader.find(from: FileManager.default.currentDirectoryPath)
        let configuration = try configPath.map { try ConfigurationLoader.load(path: $0, rules: infos) }
        let written: [String]
        do {
            written = try XcodeTemplates.export(to: parsed.positionals[1], naming: ScaffoldNaming(configuration: configuration))
        } catch let e as ScaffoldError {
            throw WorkflowError(messages: e.messages)
        }
        stdout(written.map { "Wrote \($0)\n" }.joined()
               + "Install: copy the .xctemplate folders into ~/Library/Developer/Xcode/Templates/File Templates/<group>/ and restart Xcode\n")
        return ExitStatus.success
    }
}

extension OptionSpec {
    static let pattern = "pattern", observable = "observable", dir = "dir"

    /// The options of `new`.
    static var newOptions: [OptionSpec] {
        [
            OptionSpec(name: pattern, valueName: "pattern", allowed: ScreenPattern.allCases.map(\.rawValue),
                       help: "The screen's architecture (default: mvi under the configured 'mvi' profile, else mvvm)"),
            OptionSpec(name: observable, valueName: nil,
                       help: "Make the model an @Observable class held in @State (iOS 17), instead of an ObservableObject held in @StateObject"),
            OptionSpec(name: dir, valueName: "directory", help: "Where to write the files (default: the current directory; created if missing)"),
            OptionSpec(name: config, valueName: "file",
                       help: "Take the model and use case suffixes from this configuration instead of the .mvilint.json that applies to the directory"),
        ]
    }

    /// The options of `xcode-template`.
    static var templateOptions: [OptionSpec] {
        [
            OptionSpec(name: config, valueName: "file",
                       help: "Take the model and use case suffixes from this configuration instead of the .mvilint.json found from the current directory"),
        ]
    }
}
