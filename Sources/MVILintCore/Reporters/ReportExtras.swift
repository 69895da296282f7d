/// Helpers of the csv, sonarqube, codeclimate, html and markdown reporters: rule links, CSV and HTML escaping, category tables.

extension ReportContext {
    /// The page of rule `id` under `docs/rules/` in the project's repository.
    public func ruleDocURL(_ id: String) -> String {
        let home = homepage.hasSuffix("/") ? String(homepage.dropLast()) : homepage
        return home + "/blob/main/docs/rules/" + Escaping.uriPath(id) + ".md"
    }

    /// Rule `id`'s category, `architecture` for a rule the run does not know.
    func category(of id: String) -> RuleCategory { rule(id)?.info.category ?? .architecture }
}

extension Escaping {
    /// `text` as one CSV field (RFC 4180): quoted when it holds a comma, a quote or a line
    /// break, with quotes doubled.
    static func csv(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `text` escaped for HTML text and quoted attribute values: `&`, `<`, `>`, `"` and `'`;
    /// control characters other than tab and line breaks become U+FFFD. Inside a `<script>` or
    /// `<style>` element this is not enough: see `scriptJSON`.
    static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}

/// How mvilint's rule categories map onto other tools' classifications: data for the
/// sonarqube and codeclimate reporters (documented in docs/reporters.md).
enum CategoryMapping {
    /// SonarQube's clean code attribute and software quality of a category.
    static func sonar(_ c: RuleCategory) -> (attribute: String, quality: String) {
        switch c {
        case .architecture: return ("MODULAR", "MAINTAINABILITY")
        case .concurrency: return ("LOGICAL", "RELIABILITY")
        case .lifecycle: return ("LOGICAL", "RELIABILITY")
        case .state: return ("CLEAR", "MAINTAINABILITY")
        case .hygiene: return ("CONVENTIONAL", "MAINTAINABILITY")
        }
    }

    /// Code Climate's issue category of a rule category.
    static func codeClimate(_ c: RuleCategory) -> String {
        switch c {
        case .architecture: return "Complexity"
        case .concurrency, .lifecycle: return "Bug Risk"
        case .state: return "Clarity"
        case .hygiene: return "Style"
        }
    }
}
