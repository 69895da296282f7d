/// The commented starter `.mvilint.json` that `mvilint init` writes.

/// Renders the starter configuration from the registered rules' metadata.
///
/// Every rule is listed as a commented-out line that shows its `mvvm` default severity and
/// options, so that the file changes nothing until a line is uncommented: setting a severity
/// explicitly would override the profile's defaults, and `profile: "mvi"` could then no longer
/// make a rule stricter.
public enum StarterConfiguration {
    public static func text(rules: [RuleInfo]) -> String {
        var out = """
        // mvilint configuration. JSON5: comments, trailing commas and unquoted keys are fine.
        // Every key is checked; a misspelled key, rule id or option is an error, never ignored.
        {
          // Rule defaults: "mvvm" (the default) or "mvi" (stricter: views only send intents).
          profile: "mvvm",

          // Globs relative to this file's directory. `*` stays within one directory, `**` spans
          // any number of them, and a directory pattern covers everything inside it. Files left
          // out are not linted, but their types still resolve.
          // included: ["Sources", "App"],
          excluded: [],

          // The module's default isolation: "MainActor" or "nonisolated". When absent, targets
          // built with .defaultIsolation(MainActor.self) in Package.swift are main-actor isolated.
          // default_isolation: "MainActor",

          // Unresolved type names with these suffixes are treated as ObservableObject models.
          // model_suffixes: ["ViewModel", "Store"],
          // Extra suffixes of domain and data types that views must not hold (no_usecase_in_view).
          // usecase_suffixes: ["Service"],
          // Layers for layer_dependency (layer: type-name suffixes), and the layers each may use.
          // layers: { view: ["View"], store: ["Store", "ViewModel"], domain: ["UseCase"], data: ["Repository"] },
          // layer_dependencies: { view: ["store"], store: ["domain"], domain: ["data"] },

          // What your own SDKs do, added to what mvilint knows (docs/configuration.md): calls whose
          // closure runs on the main queue (main_actor_mutation), types or modules that do I/O
          // (the data layer, which views must not hold), protocols whose conformers are views.
          // main_queue_callbacks: [{ type: "AcmePayClient", methods: ["charge"], module: "AcmePay", unless_argument: "queue" }],
          // data_layer_types: ["AcmeCache", { module: "AcmeDB" }],
          // view_like_protocols: ["AcmeScreen"],

          // Per rule: "off", "warning", "error", or { severity: "…", <option>: <value> }.
          // Each commented line shows the mvvm default; uncomment a line to change it.
          rules: {

        """
        for info in rules {
            let defaults = Profile.allCases.map { "\($0.rawValue): \(info.defaultSeverity(for: $0).rawValue)" }.joined(separator: ", ")
            out += "    // \(oneLine(info.summary)) (\(defaults))\n"
            for option in info.options {
                out += "    //   \(option.key): \(oneLine(option.description))\n"
            }
            let severity = "\"\(info.defaultSeverity(for: .mvvm).rawValue)\""
            if info.options.isEmpty {
                out += "    // \(info.id): \(severity),\n"
            } else {
                let options = info.options.map { "\($0.key): \(json5($0.defaultValue))" }.joined(separator: ", ")
                out += "    // \(info.id): { severity: \(severity), \(options) },\n"
            }
        }
        out += "  },\n}\n"
        return out
    }

    /// An option value as JSON5 source.
    static func json5(_ value: OptionValue) -> String {
        switch value {
        case .bool(let b): return String(b)
        case .int(let i): return String(i)
        case .string(let s): return JSONString.quoted(s)
        case .strings(let list): return "[" + list.map(JSONString.quoted).joined(separator: ", ") + "]"
        }
    }

    private static func oneLine(_ s: String) -> String {
        s.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    }
}
