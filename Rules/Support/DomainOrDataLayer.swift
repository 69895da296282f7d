/// The domain or data layer as the rules define it: by name, by configuration and by behaviour.
import MVILintCore

/// Whether a type is of the domain or data layer, and why: its name (`LayerNames`), a protocol
/// named so that it adopts, the configuration (`data_layer_types`), or what its own code does
/// (`DataLayerTypes`).
struct DomainOrDataLayer {
    let project: ProjectIndex
    let io: DataLayerTypes
    /// Configured name suffixes (`usecase_suffixes`) and type names (`data_layer_types`).
    let extraSuffixes: [String]
    let dataTypes: [String]

    init(project: ProjectIndex, settings: ProjectSettings) {
        self.project = project
        io = project.fact(DataLayerTypes.self)
        extraSuffixes = settings.useCaseSuffixes
        dataTypes = settings.knowledge.configuredDataLayerTypes
    }

    /// Whether the type `name` is of the domain or data layer.
    func contains(_ name: String) -> Bool {
        LayerNames.isDomainOrData(name, in: project, extra: extraSuffixes, dataTypes: dataTypes) || io.evidence(for: name, in: project) != nil
    }

    /// Why the type `name` is of the domain or data layer; nil when it is not.
    func reason(_ name: String) -> LayerReason? {
        if LayerNames.isDomainOrData(name, in: project, extra: extraSuffixes, dataTypes: dataTypes) {
            if dataTypes.contains(name) { return .configured }
            if LayerNames.hasLayerName(name, extra: extraSuffixes) { return .name }
            var adopted: String? = nil
            _ = project.conforms(name) { n in
                guard n != name, LayerNames.hasLayerName(n, extra: extraSuffixes), project.kind(of: n) == .protocol else { return false }
                adopted = n
                return true
            }
            return adopted.map(LayerReason.adopts) ?? .name
        }
        return io.evidence(for: name, in: project).map(LayerReason.doesIO)
    }
}

/// Why a type is of the domain or data layer, as a message says it.
enum LayerReason: Equatable {
    /// Its name says so (`…UseCase`, `…Repository`, a configured suffix).
    case name
    /// The configuration's `data_layer_types` lists it.
    case configured
    /// It adopts a protocol whose name says so.
    case adopts(String)
    /// Its own code (or code it inherits) does I/O; for a protocol, a type adopting it does.
    case doesIO(DataLayerTypes.Evidence)

    /// A clause for a message (`, which does network I/O with `URLSession``), empty when the
    /// type's name says it all.
    var clause: String {
        switch self {
        case .name: return ""
        case .configured: return ", which `data_layer_types` puts in the data layer"
        case .adopts(let p): return ", which adopts `\(p)`"
        case .doesIO(let e):
            let what = e.kind.map { "\($0.rawValue) I/O" } ?? "I/O"
            if e.isProtocol, let adopter = e.via { return ", a protocol that `\(adopter)` adopts, which does \(what) with \(e.api)" }
            if let from = e.via { return ", which does \(what) with \(e.api) through code it inherits from `\(from)`" }
            return ", which does \(what) with \(e.api)"
        }
    }
}
