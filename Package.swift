// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "mvilint",
    products: [
        .executable(name: "mvilint", targets: ["mvilint"]),
        .library(name: "MVILintCore", targets: ["MVILintCore"]),
    ],
    targets: [
        .target(name: "MVILintCore", path: "Sources/MVILintCore"),
        .target(name: "MVILintRules", dependencies: ["MVILintCore"], path: "Rules"),
        .executableTarget(name: "mvilint", dependencies: ["MVILintCore", "MVILintRules"], path: "Sources/mvilint"),
        .testTarget(name: "MVILintCoreTests", dependencies: ["MVILintCore"], path: "Tests/MVILintCoreTests"),
        .testTarget(name: "MVILintRulesTests", dependencies: ["MVILintCore", "MVILintRules"], path: "Tests/MVILintRulesTests"),
        .testTarget(name: "CLITests", dependencies: ["MVILintCore", "MVILintRules"], path: "Tests/CLITests"),
    ]
)
