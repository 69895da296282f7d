/// The layers of the sources (docs/architecture.md): no folder uses what a higher one declares.
import XCTest
@testable import MVILintCore

/// Finds, in a set of Swift sources grouped by layer, the uses of names that a layer at the same
/// rank or above declares. Names are read with mvilint's own scanner and parser: the types,
/// typealiases, top-level functions and constants a layer declares (used by name anywhere, also
/// inside string interpolations), and the members of its extensions (used after a `.`, a method
/// also before a `(`), when no other declaration anywhere has that member's name.
struct LayerChecker {
    /// Each layer's folders, lowest first; folders in one entry are peers and may not use each other.
    let ranks: [[String]]

    struct Use: Hashable, CustomStringConvertible {
        var file: String
        var name: String
        var from: String
        var to: String
        var description: String { "\(file) (\(from)) uses `\(name)` of \(to)" }
    }

    func rank(of layer: String) -> Int? { ranks.firstIndex { $0.contains(layer) } }

    /// Every use, by a file of `sources` (layer, file name, text), of a name declared in another layer.
    func crossLayerUses(_ sources: [(layer: String, file: String, text: String)]) -> [Use] {
        var declaredBy: [String: Set<String>] = [:]
        var extensionMembersBy: [String: Set<String>] = [:]
        var otherMembers = Set<String>(), methods = Set<String>()
        let parsed = sources.map { (source: $0, file: SourceFile(path: $0.file, text: $0.text)) }
        for (source, file) in parsed {
            let tree = file.tree
            for t in tree.allTypes {
                if t.kind == .extension {
                    for f in t.functions { extensionMembersBy[f.name, default: []].insert(source.layer); methods.insert(f.name) }
                    for v in t.variables { extensionMembersBy[v.name, default: []].insert(source.layer) }
                } else {
                    if t.outerNames.isEmpty { declaredBy[t.name, default: []].insert(source.layer) }
                    for f in t.functions { otherMembers.insert(f.name) }
                    for v in t.variables { otherMembers.insert(v.name) }
                    // Enum cases (`.closure`): every name of a `case` declaration, to be safe.
                    for case .other(let r) in t.members where t.kind == .enum {
                        for i in r where file.kind(i) == .identifier { otherMembers.insert(file.name(i)) }
                    }
                }
            }
            for a in tree.typeAliases where a.outerNames.isEmpty { declaredBy[a.name, default: []].insert(source.layer) }
            for case .function(let f) in tree.declarations { declaredBy[f.name, default: []].insert(source.layer) }
            for case .variable(let v) in tree.declarations { declaredBy[v.name, default: []].insert(source.layer) }
        }
        // An extension member is recognisable by name only when nothing else has that name.
        let uniqueMembers = extensionMembersBy.filter { $0.value.count == 1 && !otherMembers.contains($0.key) && declaredBy[$0.key] == nil }
        var uses = Set<Use>()
        for (source, file) in parsed {
            for (name, afterPeriod, beforeParen) in identifiers(of: file) {
                var owners = declaredBy[name] ?? []
                if afterPeriod, beforeParen || !methods.contains(name), let layers = uniqueMembers[name] { owners.formUnion(layers) }
                guard !owners.contains(source.layer) else { continue }
                for owner in owners where !(rank(of: owner).map { r in rank(of: source.layer).map { r < $0 } ?? false } ?? false) {
                    uses.insert(Use(file: source.file, name: name, from: source.layer, to: owner))
                }
            }
        }
        return uses.sorted { ($0.file, $0.name, $0.to) < ($1.file, $1.name, $1.to) }
    }

    /// The identifiers of the file's code, with whether a `.` precedes each and a `(` follows it,
    /// including those of string interpolations (a string literal is one token).
    func identifiers(of file: SourceFile) -> [(String, Bool, Bool)] {
        var out: [(String, Bool, Bool)] = []
        for i in file.tokens.indices {
            switch file.kind(i) {
            case .identifier: out.append((file.name(i), file.kind(i - 1) == .period, file.kind(i + 1) == .leftParen))
            case .stringLiteral where file.tokens[i].flags.contains(.interpolated):
                for segment in interpolations(in: file.text(of: i..<(i + 1))) {
                    out += identifiers(of: SourceFile(path: file.path, text: segment))
                }
            default: break
            }
        }
        return out
    }

    /// The code of each `\(…)` of a string literal's text.
    func interpolations(in literal: String) -> [String] {
        var out: [String] = []
        let chars = Array(literal)
        var i = 0
        while i + 1 < chars.count {
            guard chars[i] == "\\", chars[i + 1] == "(" else { i += 1; continue }
            var depth = 0, j = i + 1
            while j < chars.count {
                if chars[j] == "(" { depth += 1 } else if chars[j] == ")" { depth -= 1; if depth == 0 { break } }
                j += 1
            }
            out.append(String(chars[(i + 2)..<min(j, chars.count)]))
            i = j + 1
        }
        return out
    }
}

final class LayeringTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The layers of `Sources/MVILintCore`, lowest first, as docs/architecture.md draws them.
    static let coreRanks: [[String]] = [["Scanner"], ["Syntax"], ["Knowledge"], ["Index"], ["Engine"], ["Graph"], ["Config", "Reporters", "Docs"], ["Scaffold"], ["CLI"]]

    func sources(under directory: String, layer: (String) -> String?) throws -> [(layer: String, file: String, text: String)] {
        let root = LayeringTests.repository.appendingPathComponent(directory)
        var out: [(layer: String, file: String, text: String)] = []
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted() ?? []
        for relative in files {
            guard let l = layer(relative) else { continue }
            out.append((l, directory + "/" + relative, try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)))
        }
        return out
    }

    func testNoLayerOfTheCoreUsesAHigherOne() throws {
        let core = try sources(under: "Sources/MVILintCore") { $0.split(separator: "/").first.map(String.init) }
        let layers = Set(core.map(\.layer))
        XCTAssertEqual(layers, Set(LayeringTests.coreRanks.flatMap { $0 }), "every folder of the core has its place in the layers")
        let checker = LayerChecker(ranks: LayeringTests.coreRanks)
        XCTAssertEqual(checker.crossLayerUses(core).map(\.description), [])
    }

    /// The rules build on the engine and what is below it: never on the architecture graph, the
    /// configuration, the reporters, the docs, the scaffolding or the command line.
    func testRulesUseOnlyTheEngineAndTheLayersBelowIt() throws {
        let core = try sources(under: "Sources/MVILintCore") { $0.split(separator: "/").first.map(String.init) }
        let rules = try sources(under: "Rules") { _ in "Rules" }
        XCTAssertGreaterThan(rules.count, 20)
        let checker = LayerChecker(ranks: [["Scanner"], ["Syntax"], ["Knowledge"], ["Index"], ["Engine"], ["Rules", "Graph", "Config", "Reporters", "Docs", "Scaffold"], ["CLI"]])
        XCTAssertEqual(checker.crossLayerUses(core + rules).filter { $0.from == "Rules" }.map(\.description), [])
    }

    /// The checker finds what it is there to find: a type, a top-level function (in an
    /// interpolation too) and an extension member of a higher layer, and a peer's type; and it
    /// lets a higher layer use a lower one.
    func testTheCheckerFindsUsesOfHigherLayers() {
        let sources: [(layer: String, file: String, text: String)] = [
            ("Low", "Low/Base.swift", "struct Base {}\nfunc helper() -> Int { 1 }\nstruct User { let b = Base(); func f() -> String { \"\\(Top.shared)\" } }\nfunc g(_ s: String) -> String { s.shouted }"),
            ("Low", "Low/Other.swift", "enum Calc { static func run() -> Int { helper() + Peer.value } }"),
            ("Mid", "Mid/Peer.swift", "enum Peer { static let value = 1 }"),
            ("Mid2", "Mid2/Side.swift", "struct Side { let p = Peer.value }"),
            ("High", "High/Top.swift", "final class Top { static let shared = Top(); let base = Base(); func h() -> Int { helper() } }\nextension String { var shouted: String { uppercased() } }"),
        ]
        let uses = LayerChecker(ranks: [["Low"], ["Mid", "Mid2"], ["High"]]).crossLayerUses(sources).map(\.description)
        XCTAssertEqual(uses, [
            "Low/Base.swift (Low) uses `Top` of High",
            "Low/Base.swift (Low) uses `shouted` of High",
            "Low/Other.swift (Low) uses `Peer` of Mid",
            "Mid2/Side.swift (Mid2) uses `Peer` of Mid",
        ])
    }
}
