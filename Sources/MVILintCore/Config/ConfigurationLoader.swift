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
                               "model_suffixes", "usecase_suffixes", "layers", "layer_dependencies",
                               "main_queue_callbacks", "data_layer_types", "view_like_protocols"]

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

/// The keys of the objects of the knowledge-table entries.
enum ValidatorKeys {
    static let callback = ["type", "methods", "module", "unless_argument"]
    static let dataLayer = ["module", "types", "kind"]
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
            case "main_queue_callbacks": c.mainQueueCallbacks = mainQueueCallbacks(value, at)
            case "data_layer_types": c.dataLayerAPIs = dataLayerTypes(value, at)
            case "view_like_protocols": c.viewLikeProtocols = identifiers(value, at, what: "protocol") ?? []
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

    // MARK: Knowledge tables

    /// A list of Swift names (types, protocols, modules, methods), each a simple identifier.
    private mutating func identifiers(_ value: JSONValue, _ at: [JSONPathComponent], what: String) -> [String]? {
        guard let list = strings(value, at) else { return nil }
        var ok = true
        for (i, s) in list.enumerated() where !isIdentifier(s) { issue(at + [.index(i)], notAnIdentifier(s, what: what)); ok = false }
        return ok ? list : nil
    }

    private func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    private func notAnIdentifier(_ s: String, what: String) -> String {
        if s.trimmingCharacters(in: .whitespaces).isEmpty { return "an empty \(what) name matches nothing; remove it" }
        if let last = s.split(separator: ".").last, s.contains("."), isIdentifier(String(last)) {
            return "'\(s)' is not a simple \(what) name; write '\(last)' (the name as code writes it, without its module)"
        }
        return "'\(s)' is not a \(what) name (letters, digits and '_', not starting with a digit)"
    }

    /// One identifier, as a string value.
    private mutating func identifier(_ value: JSONValue, _ at: [JSONPathComponent], what: String) -> String? {
        guard let s = string(value, at) else { return nil }
        guard isIdentifier(s) else { issue(at, notAnIdentifier(s, what: what)); return nil }
        return s
    }

    /// `main_queue_callbacks: [{ type: "AcmePayClient", methods: ["charge"], module: "AcmePay", unless_argument: "queue" }]`.
    private mutating func mainQueueCallbacks(_ value: JSONValue, _ at: [JSONPathComponent]) -> [MainQueueCallback] {
        guard case .array(let entries) = value else {
            issue(at, "expected a list of objects such as { type: \"AcmePayClient\", methods: [\"charge\"] }, found \(value.kindDescription)")
            return []
        }
        var out: [MainQueueCallback] = []
        for (i, entry) in entries.enumerated() {
            let entryAt = at + [.index(i)]
            guard case .object(let fields) = entry else {
                issue(entryAt, "expected an object such as { type: \"AcmePayClient\", methods: [\"charge\"] }, found \(entry.kindDescription)")
                continue
            }
            var type: String?, module: String?, unless: String?, methods: [String]?
            var ok = true
            for key in ordered(fields.keys, under: entryAt) {
                let keyAt = entryAt + [.key(key)]
                let v = fields[key]!
                switch key {
                case "type": type = identifier(v, keyAt, what: "type"); ok = ok && type != nil
                case "module": module = identifier(v, keyAt, what: "module"); ok = ok && module != nil
                case "unless_argument": unless = identifier(v, keyAt, what: "argument label"); ok = ok && unless != nil
                case "methods":
                    methods = identifiers(v, keyAt, what: "method")
                    if methods?.isEmpty == true { issue(keyAt, "list at least one method whose closure runs on the main queue"); methods = nil }
                    ok = ok && methods != nil
                default:
                    issue(keyAt, unknown("key", key, among: ValidatorKeys.callback, context: " of a main-queue callback"))
                    ok = false
                }
            }
            if fields["methods"] == nil { issue(entryAt, "missing 'methods': list the methods whose closure runs on the main queue"); ok = false }
            if fields["type"] == nil && fields["module"] == nil {
                issue(entryAt, "give 'type' (the receiver's class) or 'module' (then the methods count on any receiver in a file that imports it)")
                ok = false
            }
            if ok, let methods {
                out.append(MainQueueCallback.configured(type: type, methods: methods, module: module, unlessArgument: unless))
            }
        }
        return out
    }

    /// `data_layer_types: ["AcmeCache", { module: "AcmeDB" }, { module: "AcmeNet", types: ["AcmeClient"], kind: "network" }]`.
    private mutating func dataLayerTypes(_ value: JSONValue, _ at: [JSONPathComponent]) -> [DataLayerAPI] {
        guard case .array(let entries) = value else {
            issue(at, "expected a list of type names or objects such as { module: \"AcmeDB\" }, found \(value.kindDescription)")
            return []
        }
        var out: [DataLayerAPI] = []
        for (i, entry) in entries.enumerated() {
            let entryAt = at + [.index(i)]
            switch entry {
            case .string:
                if let name = identifier(entry, entryAt, what: "type") { out.append(DataLayerAPI.configured(module: nil, types: [name], kind: nil)) }
            case .object(let fields):
                var module: String?, types: [String] = [], kind: DataLayerAPI.Kind?
                var ok = true
                for key in ordered(fields.keys, under: entryAt) {
                    let keyAt = entryAt + [.key(key)]
                    let v = fields[key]!
                    switch key {
                    case "module": module = identifier(v, keyAt, what: "module"); ok = ok && module != nil
                    case "types":
                        if let list = identifiers(v, keyAt, what: "type") { types = list } else { ok = false }
                    case "kind":
                        if let s = string(v, keyAt), let k = choice(s, DataLayerAPI.Kind.allCases.map(\.rawValue), what: "kind", keyAt) {
                            kind = DataLayerAPI.Kind(rawValue: k)
                        } else { ok = false }
                    default:
                        issue(keyAt, unknown("key", key, among: ValidatorKeys.dataLayer, context: " of a data-layer entry"))
                        ok = false
                    }
                }
                if fields["module"] == nil && types.isEmpty && ok {
                    issue(entryAt, "give 'module' (every type of it), 'types', or both")
                    ok = false
                }
                if ok { out.append(DataLayerAPI.configured(module: module, types: types, kind: kind)) }
            default:
                issue(entryAt, "expected a type name or an object such as { module: \"AcmeDB\" }, found \(entry.kindDescription)")
            }
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
