/// Finds, reads and validates `.mvilint.json` (JSON5) into a `Configuration`.

import Foundation

/// A JSON value as `JSONDecoder` produces it.
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null; return }
        if let b = try? c.decode(Bool.self) { self = .bool(b); return }
        if let i = try? c.decode(Int.self) { self = .int(i); return }
        if let d = try? c.decode(Double.self) { self = .double(d); return }
        if let s = try? c.decode(String.self) { self = .string(s); return }
        if let a = try? c.decode([JSONValue].self) { self = .array(a); return }
        self = .object(try c.decode([String: JSONValue].self))
    }

    /// "a string", "a list", … for messages.
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "true or false"
        case .int: return "an integer"
        case .double: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

/// Reads configuration files.
///
/// Decisions:
/// - The file is JSON5 (comments, trailing commas, unquoted keys, single quotes). Values are
///   decoded by Foundation's `JSONDecoder` with `allowsJSON5` where that exists (Swift 6
///   toolchains, Apple platforms since macOS 12 / iOS 15); on older toolchains the document is
///   first converted to strict JSON by `JSON5Outline`, which also supplies key lines, duplicate
///   keys and syntax-error positions on every platform.
/// - Every key is validated. Unknown keys, rule ids and options, wrongly typed values, invalid
///   severities, globs and layer names, and duplicate keys are all errors (with the closest valid
///   name); nothing is ignored. All issues are collected, in file order.
/// - Lookup: `.mvilint.json` in the project root, else in the nearest parent directory; the
///   search stops at a repository root (a directory holding `.git`), like the project-root search.
public enum ConfigurationLoader {
    /// The configuration file's name.
    public static let fileName = ".mvilint.json"

    static let topLevelKeys = ["profile", "included", "excluded", "rules", "default_isolation",
                               "model_suffixes", "usecase_suffixes", "layers", "layer_dependencies"]

    /// The configuration file for a project rooted at `projectRoot`, if any.
    public static func find(from projectRoot: String) -> String? {
        let fm = FileManager.default
        var directory = FileDiscovery.absolutePath(projectRoot)
        while true {
            let candidate = FileDiscovery.join(directory, fileName)
            var isDirectory: ObjCBool = false
            if fm.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue { return candidate }
            if fm.fileExists(atPath: FileDiscovery.join(directory, ".git")) { return nil }
            let up = FileDiscovery.parent(of: directory)
            if up == directory { return nil }
            directory = up
        }
    }

    /// Reads and validates the file at `path` (as given; made absolute).
    /// - Throws: `ConfigurationError` naming the file, line and key path of every issue.
    public static func load(path given: String, rules: [RuleInfo]) throws -> Configuration {
        let path = FileDiscovery.absolutePath(given)
        func fail(_ message: String) -> ConfigurationError {
            ConfigurationError(issues: [ConfigurationIssue(path: path, line: 0, keyPath: "", message: message)])
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw fail("the configuration file does not exist")
        }
        guard !isDirectory.boolValue else { throw fail("is a directory, not a configuration file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw fail("the configuration file cannot be read (check its permissions)")
        }
        guard isValidUTF8([UInt8](data)) else { throw fail("the configuration file is not valid UTF-8") }
        return try parse(String(decoding: data, as: UTF8.self), path: path, rules: rules)
    }

    /// Validates configuration `text` that was read from `path`.
    public static func parse(_ text: String, path: String, rules: [RuleInfo]) throws -> Configuration {
        let outline = JSON5Outline(text)
        if let e = outline.syntaxError {
            throw ConfigurationError(issues: [ConfigurationIssue(path: path, line: e.line, keyPath: "", message: "invalid JSON5 at column \(e.column): \(e.message)")])
        }
        let value: JSONValue
        do {
            value = try decode(text, outline: outline)
        } catch {
            throw ConfigurationError(issues: [ConfigurationIssue(path: path, line: 0, keyPath: "", message: "invalid JSON5: the decoder rejected the file (\(error))")])
        }
        var validator = Validator(path: path, outline: outline, rules: rules)
        let configuration = validator.validate(value)
        for d in outline.duplicates {
            let first = outline.lines[d.path].map { " (first written on line \($0))" } ?? ""
            validator.issue(d.path, line: d.line, "duplicate key\(first); keep only one")
        }
        guard validator.issues.isEmpty else {
            throw ConfigurationError(issues: validator.issues.sorted { ($0.line, $0.keyPath) < ($1.line, $1.keyPath) })
        }
        return configuration
    }

    /// Decodes with `JSONDecoder`: natively as JSON5 where supported, else the strict rendering.
    static func decode(_ text: String, outline: JSON5Outline) throws -> JSONValue {
        let decoder = JSONDecoder()
        var source = text
        if source.hasPrefix("\u{FEFF}") { source.removeFirst() }
        #if canImport(Darwin)
        if #available(macOS 12, iOS 15, tvOS 15, watchOS 8, *) {
            decoder.allowsJSON5 = true
            return try decoder.decode(JSONValue.self, from: Data(source.utf8))
        }
        return try decodeStrict(outline)
        #elseif compiler(>=6.0)
        decoder.allowsJSON5 = true
        return try decoder.decode(JSONValue.self, from: Data(source.utf8))
        #else
        // Workaround: swift-corelibs-foundation before Swift 6 has no JSON5 mode.
        return try decodeStrict(outline)
        #endif
    }

    /// Decodes the outline's strict-JSON rendering (the fallback where JSON5 decoding is missing).
    static func decodeStrict(_ outline: JSON5Outline) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(outline.strictJSON.utf8))
    }
}

/// Walks a decoded configuration, collecting issues with their lines and key paths.
private struct Validator {
    let path: String
    let outline: JSON5Outline
    let rules: [String: RuleInfo]
    let ruleIDs: [String]
    var issues: [ConfigurationIssue] = []

    init(path: String, outline: JSON5Outline, rules: [RuleInfo]) {
        self.path = path
        self.outline = outline
        self.rules = Dictionary(rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.ruleIDs = rules.map(\.id)
    }

    mutating func issue(_ at: [JSONPathComponent], line: Int? = nil, _ message: String) {
        issues.append(ConfigurationIssue(path: path, line: line ?? outline.line(of: at), keyPath: at.rendered, message: message))
    }

    mutating func validate(_ root: JSONValue) -> Configuration {
        var c = Configuration(path: path, directory: FileDiscovery.parent(of: path))
        guard case .object(let top) = root else {
            issue([], "the configuration must be an object ({ … }), not \(root.kindDescription)")
            return c
        }
        for key in ordered(top.keys, under: []) {
            let at: [JSONPathComponent] = [.key(key)]
            let value = top[key]!
            switch key {
            case "profile":
                if let s = string(value, at), let p = choice(s, Profile.allCases.map(\.rawValue), what: "profile", at) { c.profile = Profile(rawValue: p) }
            case "included": c.included = globs(value, at)
            case "excluded": c.excluded = globs(value, at)
            case "rules": rulesSection(value, at, into: &c)
            case "default_isolation":
                if let s = string(value, at), let d = choice(s, DefaultIsolation.allCases.map(\.rawValue), what: "isolation", at) { c.defaultIsolation = DefaultIsolation(rawValue: d) }
            case "model_suffixes": c.modelSuffixes = names(value, at)
            case "usecase_suffixes": c.useCaseSuffixes = names(value, at)
            case "layers": c.layers = layerMap(value, at)
            case "layer_dependencies": c.layerDependencies = layerMap(value, at)
            default: issue(at, unknown("key", key, among: ConfigurationLoader.topLevelKeys))
            }
        }
        if let deps = c.layerDependencies {
            let declared = (c.layers ?? [:]).keys.sorted()
            for layer in ordered(deps.keys, under: [.key("layer_dependencies")]) {
                let at: [JSONPathComponent] = [.key("layer_dependencies"), .key(layer)]
                if !declared.contains(layer) { issue(at, unknownLayer(layer, declared)) }
                for (i, target) in (deps[layer] ?? []).enumerated() where !declared.contains(target) {
                    issue(at + [.index(i)], unknownLayer(target, declared))
                }
            }
        }
        return c
    }

    private mutating func rulesSection(_ value: JSONValue, _ at: [JSONPathComponent], into c: inout Configuration) {
        guard case .object(let entries) = value else {
            issue(at, "expected an object of rule ids, found \(value.kindDescription)")
            return
        }
        for id in ordered(entries.keys, under: at) {
            let ruleAt = at + [.key(id)]
            guard let info = rules[id] else {
                let hint = Suggestions.closest(to: id, among: ruleIDs).map { ". Did you mean '\($0)'?" } ?? "; run 'mvilint rules' to list the rules"
                issue(ruleAt, "unknown rule id '\(id)'\(hint)")
                continue
            }
            switch entries[id]! {
            case .string(let s):
                if let sev = severity(s, ruleAt) { c.severities[id] = sev }
            case .object(let settings):
                let optionKeys = info.options.map(\.key)
                for key in ordered(settings.keys, under: ruleAt) {
                    let keyAt = ruleAt + [.key(key)]
                    let v = settings[key]!
                    if key == "severity" {
                        if let s = string(v, keyAt), let sev = severity(s, keyAt) { c.severities[id] = sev }
                        continue
                    }
                    guard let option = info.options.first(where: { $0.key == key }) else {
                        let valid = ["severity"] + optionKeys
                        issue(keyAt, unknown("option", key, among: valid, context: " of \(id)"))
                        continue
                    }
                    if let typed = optionValue(v, like: option.defaultValue, keyAt) { c.options[id, default: [:]][key] = typed }
                }
            case let other:
                issue(ruleAt, "expected a severity (\(Severity.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))) or an object { severity: …, options… }, found \(other.kindDescription)")
            }
        }
    }

    // MARK: Typed values

    private mutating func string(_ value: JSONValue, _ at: [JSONPathComponent]) -> String? {
        if case .string(let s) = value { return s }
        issue(at, "expected a string, found \(value.kindDescription)")
        return nil
    }

    private mutating func strings(_ value: JSONValue, _ at: [JSONPathComponent]) -> [String]? {
        guard case .array(let items) = value else {
            issue(at, "expected a list of strings, found \(value.kindDescription)")
            return nil
        }
        var out: [String] = []
        var ok = true
        for (i, item) in items.enumerated() {
            if case .string(let s) = item { out.append(s) } else {
                issue(at + [.index(i)], "expected a string, found \(item.kindDescription)")
                ok = false
            }
        }
        return ok ? out : nil
    }

    /// A list of non-empty names (suffixes, layer members).
    private mutating func names(_ value: JSONValue, _ at: [JSONPathComponent]) -> [String]? {
        guard let list = strings(value, at) else { return nil }
        var ok = true
        for (i, s) in list.enumerated() where s.trimmingCharacters(in: .whitespaces).isEmpty {
            issue(at + [.index(i)], "an empty name matches every type; remove it")
            ok = false
        }
        return ok ? list : nil
    }

    private mutating func globs(_ value: JSONValue, _ at: [JSONPathComponent]) -> [Glob] {
        guard let list = strings(value, at) else { return [] }
        var out: [Glob] = []
        for (i, pattern) in list.enumerated() {
            do { out.append(try Glob(pattern)) } catch let e as Glob.SyntaxError {
                issue(at + [.index(i)], "invalid glob '\(pattern)': \(e.message)")
            } catch {
                issue(at + [.index(i)], "invalid glob '\(pattern)'")
            }
        }
        return out
    }

    private mutating func layerMap(_ value: JSONValue, _ at: [JSONPathComponent]) -> [String: [String]]? {
        guard case .object(let entries) = value else {
            issue(at, "expected an object of layer names to lists of names, found \(value.kindDescription)")
            return nil
        }
        var out: [String: [String]] = [:]
        for key in ordered(entries.keys, under: at) {
            if let list = names(entries[key]!, at + [.key(key)]) { out[key] = list }
        }
        return out
    }

    private mutating func severity(_ s: String, _ at: [JSONPathComponent]) -> Severity? {
        choice(s, Severity.allCases.map(\.rawValue), what: "severity", at).flatMap(Severity.init(rawValue:))
    }

    /// `s` when it is one of `allowed` (exactly), else an issue with the closest value.
    private mutating func choice(_ s: String, _ allowed: [String], what: String, _ at: [JSONPathComponent]) -> String? {
        if allowed.contains(s) { return s }
        // A prefix (`warn`) is as plausible a slip as a typo.
        let prefixed = s.isEmpty ? nil : allowed.first { $0.lowercased().hasPrefix(s.lowercased()) }
        let hint = (Suggestions.closest(to: s, among: allowed) ?? prefixed).map { ". Did you mean '\($0)'?" } ?? ""
        issue(at, "invalid \(what) '\(s)'\(hint.isEmpty ? "; expected one of: " + allowed.joined(separator: ", ") : hint)")
        return nil
    }

    /// The value typed like the option's default.
    private mutating func optionValue(_ v: JSONValue, like defaultValue: OptionValue, _ at: [JSONPathComponent]) -> OptionValue? {
        switch (defaultValue, v) {
        case (.bool, .bool(let b)): return .bool(b)
        case (.int, .int(let i)): return .int(i)
        case (.string, .string(let s)): return .string(s)
        case (.strings, .array):
            return strings(v, at).map(OptionValue.strings)
        default:
            let expected: String
            switch defaultValue {
            case .bool: expected = "true or false"
            case .int: expected = "an integer"
            case .string: expected = "a string"
            case .strings: expected = "a list of strings"
            }
            issue(at, "expected \(expected) (like the default, \(defaultValue)), found \(v.kindDescription)")
            return nil
        }
    }

    // MARK: Helpers

    /// Keys in the order they are written in the file.
    private func ordered<S: Sequence>(_ keys: S, under at: [JSONPathComponent]) -> [String] where S.Element == String {
        keys.sorted { a, b in
            let la = outline.lines[at + [.key(a)]] ?? Int.max, lb = outline.lines[at + [.key(b)]] ?? Int.max
            return la != lb ? la < lb : a < b
        }
    }

    private func unknown(_ kind: String, _ name: String, among valid: [String], context: String = "") -> String {
        if let s = Suggestions.closest(to: name, among: valid) { return "unknown \(kind) '\(name)'\(context). Did you mean '\(s)'?" }
        return "unknown \(kind) '\(name)'\(context); expected one of: \(valid.joined(separator: ", "))"
    }

    private func unknownLayer(_ name: String, _ declared: [String]) -> String {
        if declared.isEmpty { return "unknown layer '\(name)'; declare it under 'layers' first" }
        if let s = Suggestions.closest(to: name, among: declared) { return "unknown layer '\(name)'. Did you mean '\(s)'?" }
        return "unknown layer '\(name)'; declared layers: \(declared.joined(separator: ", "))"
    }
}
