/// End to end: the configuration extends what mvilint knows (`main_queue_callbacks`, `data_layer_types`, `view_like_protocols`).
import Foundation
import XCTest
@testable import MVILintCore
import MVILintRules

final class KnowledgeConfigurationTests: XCTestCase {
    private var directories: [URL] = []

    override func tearDown() {
        for d in directories { try? FileManager.default.removeItem(at: d) }
        directories = []
        super.tearDown()
    }

    /// A temporary project (`.git` and `Package.swift` at its root) with `files`, and `.mvilint.json` when given.
    func makeProject(_ files: [String: String], configuration: String? = nil) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mvilint-knowledge-\(UUID().uuidString)")
        directories.append(url)
        let root = FileDiscovery.absolutePath(url.path)
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        var all = files
        all["Package.swift"] = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Shop\")\n"
        if let configuration { all[".mvilint.json"] = configuration }
        for (path, text) in all {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        return root
    }

    /// `path:line: rule: message` of each finding of a run limited to `rules`.
    func findings(in root: String, rules: [String]) -> (status: Int32, lines: [String], stderr: String) {
        let r = runCLI(["lint", "--reporter", "json", "--quiet"] + rules.flatMap { ["--only-rule", $0] } + [root], rules: allRules, version: "0.0.0")
        guard r.status != 2, let data = r.stdout.data(using: .utf8),
              let report = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = report["findings"] as? [[String: Any]] else { return (r.status, [], r.stderr + r.stdout) }
        let lines = list.map { f -> String in
            let path = (f["file"] as? String ?? "").components(separatedBy: "/").last ?? ""
            return "\(path):\(f["line"] ?? ""): \(f["rule"] ?? ""): \(f["message"] ?? "")"
        }
        return (r.status, lines.sorted(), r.stderr)
    }

    static let checkout = """
    import AcmePay
    final class CheckoutModel: ObservableObject {
        @Published private(set) var paid = false
        @Published private(set) var refunded = false
        private let client = AcmePayClient()
        func pay() {
            client.charge(amount: 5) { ok in self.paid = ok }
        }
        func refund() {
            client.charge(amount: -5, queue: .global()) { ok in self.refunded = ok }
        }
        func payThroughHelper() {
            Payments.pay { ok in self.paid = ok }
        }
    }
    enum Payments {
        static func pay(completion: @escaping (Bool) -> Void) {
            AcmePayClient.shared.charge(amount: 1) { ok in completion(ok) }
        }
    }
    """

    func testAProjectsOwnSDKCallIsReportedUntilTheConfigurationNamesIt() throws {
        let bare = try makeProject(["Sources/Shop/CheckoutModel.swift": Self.checkout])
        let before = findings(in: bare, rules: ["main_actor_mutation"])
        XCTAssertEqual(before.lines.count, 3, before.lines.joined(separator: "\n") + before.stderr)
        XCTAssertTrue(before.lines.contains { $0.contains(":7: main_actor_mutation: `paid`") && $0.contains("completion handler passed to `charge`") }, before.lines.joined(separator: "\n"))

        let configured = try makeProject(["Sources/Shop/CheckoutModel.swift": Self.checkout], configuration: """
        {
          // AcmePay calls its completion handlers on the main queue unless `queue:` names another.
          main_queue_callbacks: [{ type: "AcmePayClient", methods: ["charge"], module: "AcmePay", unless_argument: "queue" }],
        }
        """)
        let after = findings(in: configured, rules: ["main_actor_mutation"])
        // Only the call that names another queue is still reported; the helper that hands its
        // closure to the SDK now runs it on the main queue too.
        XCTAssertEqual(after.lines.count, 1, after.lines.joined(separator: "\n") + after.stderr)
        XCTAssertTrue(after.lines.first?.contains(":10: main_actor_mutation: `refunded`") == true, after.lines.joined(separator: "\n"))

        // `type` and `methods` are enough; without the module, the file need not import anything,
        // and without `unless_argument` no argument moves the callback.
        let short = try makeProject(["Sources/Shop/CheckoutModel.swift": Self.checkout.replacingOccurrences(of: "import AcmePay\n", with: "")],
                                    configuration: #"{ main_queue_callbacks: [{ type: "AcmePayClient", methods: ["charge"] }] }"#)
        XCTAssertEqual(findings(in: short, rules: ["main_actor_mutation"]).lines, [])
        // With the module, a file that does not import it is not the SDK's.
        let unimported = try makeProject(["Sources/Shop/CheckoutModel.swift": Self.checkout.replacingOccurrences(of: "import AcmePay\n", with: "")],
                                         configuration: #"{ main_queue_callbacks: [{ type: "AcmePayClient", methods: ["charge"], module: "AcmePay" }] }"#)
        XCTAssertEqual(findings(in: unimported, rules: ["main_actor_mutation"]).lines.count, 3)
    }

    static let view = """
    struct CartView: View {
        let cache: AcmeCache
        var body: some View { Text("Cart") }
    }
    """

    func testDataLayerTypesCountAsDataTypesByName() throws {
        let bare = try makeProject(["Sources/Shop/CartView.swift": Self.view])
        XCTAssertEqual(findings(in: bare, rules: ["no_usecase_in_view"]).lines, [])
        let configured = try makeProject(["Sources/Shop/CartView.swift": Self.view],
                                         configuration: #"{ data_layer_types: ["AcmeCache", { module: "AcmeDB" }, { module: "AcmeNet", types: ["AcmeClient"], kind: "network" }] }"#)
        let after = findings(in: configured, rules: ["no_usecase_in_view"])
        XCTAssertEqual(after.lines.count, 1, after.lines.joined(separator: "\n") + after.stderr)
        XCTAssertTrue(after.lines.first?.contains("AcmeCache") == true, after.lines.joined(separator: "\n"))
        // layer_dependency puts a project type of that name in the `data` layer, which a view may not use.
        let files = ["Sources/Shop/CartView.swift": Self.view, "Sources/Shop/AcmeCache.swift": "final class AcmeCache {}\n"]
        XCTAssertEqual(findings(in: try makeProject(files), rules: ["layer_dependency"]).lines, [])
        let layered = findings(in: try makeProject(files, configuration: #"{ data_layer_types: ["AcmeCache"] }"#), rules: ["layer_dependency"])
        XCTAssertEqual(layered.lines.count, 1, layered.lines.joined(separator: "\n") + layered.stderr)
        XCTAssertTrue(layered.lines.first?.contains("`AcmeCache` (layer `data`)") == true, layered.lines.joined(separator: "\n"))
    }

    static let screen = """
    struct HomeScreen: AcmeScreen {
        @State var count = 0
        var body: some View { Text("\\(count)") }
    }
    """

    func testViewLikeProtocolsMakeTheirConformersViews() throws {
        let bare = try makeProject(["Sources/Shop/HomeScreen.swift": Self.screen])
        XCTAssertEqual(findings(in: bare, rules: ["private_view_state"]).lines, [])
        let configured = try makeProject(["Sources/Shop/HomeScreen.swift": Self.screen], configuration: #"{ view_like_protocols: ["AcmeScreen"] }"#)
        let after = findings(in: configured, rules: ["private_view_state"])
        XCTAssertEqual(after.lines.count, 1, after.lines.joined(separator: "\n") + after.stderr)
        XCTAssertTrue(after.lines.first?.contains("`count`") == true, after.lines.joined(separator: "\n"))
    }

    func testAWrongValueGetsAClearError() throws {
        let cases: [(String, String)] = [
            (#"{ main_queue_callbacks: [{ type: "AcmePayClient", metods: ["charge"] }] }"#,
             ":1: main_queue_callbacks[0].metods: unknown key 'metods' of a main-queue callback. Did you mean 'methods'?"),
            (#"{ main_queue_callbacks: [{ type: "AcmePayClient", metods: ["charge"] }] }"#,
             ":1: main_queue_callbacks[0]: missing 'methods': list the methods whose closure runs on the main queue"),
            (#"{ main_queue_callbacks: [{ methods: ["charge"] }] }"#,
             ":1: main_queue_callbacks[0]: give 'type' (the receiver's class) or 'module'"),
            (#"{ main_queue_callbacks: [{ type: "Acme.PayClient", methods: ["charge"] }] }"#,
             ":1: main_queue_callbacks[0].type: 'Acme.PayClient' is not a simple type name; write 'PayClient'"),
            (#"{ main_queue_callbacks: [{ type: "AcmePayClient", methods: [] }] }"#,
             ":1: main_queue_callbacks[0].methods: list at least one method"),
            (#"{ main_queue_callbacks: { type: "AcmePayClient" } }"#,
             ":1: main_queue_callbacks: expected a list of objects such as { type: \"AcmePayClient\", methods: [\"charge\"] }, found an object"),
            (#"{ data_layer_types: [{ module: "AcmeDB", kind: "netwrok" }] }"#,
             ":1: data_layer_types[0].kind: invalid kind 'netwrok'. Did you mean 'network'?"),
            (#"{ data_layer_types: [42] }"#, ":1: data_layer_types[0]: expected a type name or an object"),
            (#"{ view_like_protocols: "AcmeScreen" }"#, ":1: view_like_protocols: expected a list of strings, found a string"),
            (#"{ view_like_protocol: ["AcmeScreen"] }"#, ":1: view_like_protocol: unknown key 'view_like_protocol'. Did you mean 'view_like_protocols'?"),
        ]
        for (configuration, expected) in cases {
            let root = try makeProject(["Sources/Shop/A.swift": "struct A {}\n"], configuration: configuration)
            let r = runCLI(["lint", root], rules: allRules, version: "0.0.0")
            XCTAssertEqual(r.status, 2, configuration)
            XCTAssertTrue(r.stderr.contains("Error: ") && r.stderr.contains(".mvilint.json" + expected), "\(configuration)\n\(r.stderr)")
        }
    }
}
