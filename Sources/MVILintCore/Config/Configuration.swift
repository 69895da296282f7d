/// The validated contents of `.mvilint.json` and how they change a lint run.

/// The module's default actor isolation, as the configuration states it.
public enum DefaultIsolation: String, Sendable, CaseIterable {
    /// Every type of the project is main-actor isolated unless it opts out (`nonisolated`).
    case mainActor = "MainActor"
    /// Nothing is isolated by default; Package.swift's `defaultIsolation` settings are ignored.
    case nonisolated
}

/// A validated configuration file. Absent keys are nil (or empty) and leave the run's defaults.
public struct Configuration: Sendable {
    /// The configuration file, absolute.
    public var path: String
    /// The directory that `included` and `excluded` are relative to.
    public var directory: String
    public var profile: Profile?
    /// When non-empty, only files matching one of these (or inside a matching directory) are linted.
    public var included: [Glob] = []
    /// Files matching one of these (or inside a matching directory) are not linted.
    public var excluded: [Glob] = []
    /// Severity per rule id.
    public var severities: [String: Severity] = [:]
    /// Options per rule id, then key; validated against the rule's declared options.
    public var options: [String: [String: OptionValue]] = [:]
    public var defaultIsolation: DefaultIsolation?
    public var modelSuffixes: [String]?
    public var useCaseSuffixes: [String]?
    public var layers: [String: [String]]?
    public var layerDependencies: [String: [String]]?
    /// Rows added to `MainQueueCallbacks` (`main_queue_callbacks`).
    public var mainQueueCallbacks: [MainQueueCallback] = []
    /// Rows added to `DataLayerAPIs` (`data_layer_types`): type names, and modules with or without types.
    public var dataLayerAPIs: [DataLayerAPI] = []
    /// Protocols whose conformers are views (`view_like_protocols`).
    public var viewLikeProtocols: [String] = []

    public init(path: String, directory: String) {
        self.path = path
        self.directory = directory
    }

    /// Sets the configured severities and options, and the profile unless `keepProfile` (the
    /// command line chose one).
    public func apply(to selection: inout RuleSelection, keepProfile: Bool = false) {
        if !keepProfile, let p = profile { selection.profile = p }
        selection.overrides.merge(severities) { _, configured in configured }
        for (id, values) in options { selection.options[id, default: [:]].merge(values) { _, configured in configured } }
    }

    /// Sets the configured shared settings. `nonisolated` also discards the MainActor
    /// directories found in Package.swift, so apply this after reading the manifest.
    public func apply(to settings: inout ProjectSettings) {
        switch defaultIsolation {
        case .mainActor?: settings.defaultMainActorEverywhere = true
        case .nonisolated?:
            settings.defaultMainActorEverywhere = false
            settings.defaultMainActorDirectories = []
        case nil: break
        }
        if let s = modelSuffixes { settings.modelSuffixes = s }
        if let s = useCaseSuffixes { settings.useCaseSuffixes = s }
        if let l = layers { settings.layers = l }
        if let d = layerDependencies { settings.allowedLayerDependencies = d }
        if !mainQueueCallbacks.isEmpty || !dataLayerAPIs.isEmpty || !viewLikeProtocols.isEmpty {
            // The built-in tables, extended (never replaced) by the configuration's rows.
            settings.knowledge = Knowledge(mainQueueCallbacks: mainQueueCallbacks, dataLayerAPIs: dataLayerAPIs,
                                           configuredDataLayerTypes: dataLayerAPIs.flatMap(\.types), viewLikeProtocols: viewLikeProtocols)
        }
    }

    /// Whether the absolute, standardized `path` is to be linted under `included` and `excluded`.
    /// A file outside the configuration's directory matches no pattern.
    public func isLinted(_ path: String) -> Bool {
        let relative = relativePath(path)
        if !included.isEmpty {
            guard let r = relative, included.contains(where: { $0.matchesPathOrAncestor(r) }) else { return false }
        }
        if let r = relative, excluded.contains(where: { $0.matchesPathOrAncestor(r) }) { return false }
        return true
    }

    /// `path` relative to `directory`, or nil when it is not inside it.
    func relativePath(_ path: String) -> String? {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        guard path.hasPrefix(base) else { return nil }
        return String(path.dropFirst(base.count))
    }
}

/// One problem in a configuration file.
public struct ConfigurationIssue: Sendable, Equatable, CustomStringConvertible {
    /// The configuration file.
    public var path: String
    /// 1-based line of the offending key (or of the syntax error); 0 for the file as a whole.
    public var line: Int
    /// Where in the document: `rules.state_private_set.severty`; empty for the whole file.
    public var keyPath: String
    /// What is wrong and what to do, one sentence without trailing period.
    public var message: String

    public init(path: String, line: Int, keyPath: String, message: String) {
        self.path = path; self.line = line; self.keyPath = keyPath; self.message = message
    }

    /// `FILE:LINE: KEY.PATH: message` (`FILE: message` for the file as a whole).
    public var description: String {
        path + (line > 0 ? ":\(line): " : ": ") + (keyPath.isEmpty ? "" : "\(keyPath): ") + message
    }
}

/// A configuration that cannot be used: every issue found, in file order.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var issues: [ConfigurationIssue]
    public init(issues: [ConfigurationIssue]) { self.issues = issues }
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}
