// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "mvilint",
    products: [
        .executable(name: "mvilint", targets: ["mvilint"]),
        .library(name: "MVILintCore", targets: ["MVILintCore"]),
        .plugin(name: "MVILintBuildPlugin", targets: ["MVILintBuildPlugin"]),
        .plugin(name: "MVILintCommandPlugin", targets: ["MVILintCommandPlugin"]),
    ],
    targets: [
        .target(name: "MVILintCore", path: "Sources/MVILintCore"),
        .target(name: "MVILintRules", dependencies: ["MVILintCore"], path: "Rules"),
        .target(name: "MVILintLSP", dependencies: ["MVILintCore"], path: "Sources/MVILintLSP"),
        .executableTarget(name: "mvilint", dependencies: ["MVILintCore", "MVILintRules", "MVILintLSP"], path: "Sources/mvilint"),
        .plugin(name: "MVILintBuildPlugin", capability: .buildTool(), dependencies: ["mvilint"], path: "Plugins/MVILintBuildPlugin"),
        .plugin(name: "MVILintCommandPlugin",
                capability: .command(intent: .custom(verb: "mvilint", description: "Lint the package's Swift sources with mvilint")),
                dependencies: ["mvilint"], path: "Plugins/MVILintCommandPlugin"),
        .testTarget(name: "MVILintCoreTests", dependencies: ["MVILintCore"], path: "Tests/MVILintCoreTests"),
        .testTarget(name: "MVILintRulesTests", dependencies: ["MVILintCore", "MVILintRules"], path: "Tests/MVILintRulesTests"),
        .testTarget(name: "CLITests", dependencies: ["MVILintCore", "MVILintRules"], path: "Tests/CLITests"),
        .testTarget(name: "LSPTests", dependencies: ["MVILintCore", "MVILintRules", "MVILintLSP"], path: "Tests/LSPTests"),
    ]
)
