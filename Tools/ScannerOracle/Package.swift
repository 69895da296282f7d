// swift-tools-version:5.9
// Differential scanner oracle (not part of the product): build it with `build.sh`, which adds the toolchain's `lib/swift/host`.
import PackageDescription

let package = Package(
    name: "ScannerOracle",
    targets: [
        // `Sources/MVILintCore` is a symbolic link to the product's sources (SwiftPM rejects target
        // paths outside the package root), so the oracle always checks the current scanner.
        .target(name: "MVILintCore", path: "Sources/MVILintCore"),
        .executableTarget(
            name: "ScannerOracle",
            dependencies: ["MVILintCore"],
            path: "Sources/ScannerOracle",
            linkerSettings: [.linkedLibrary("SwiftSyntax"), .linkedLibrary("SwiftParser")]
        ),
    ]
)
