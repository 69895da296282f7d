// swift-tools-version:5.9
// Differential oracle for the scanner: compares what MVILintCore extracts with what SwiftParser
// parses. Not part of the product; build it with `Tools/ScannerOracle/build.sh`, which passes the
// location of the toolchain's SwiftSyntax libraries (`usr/lib/swift/host`).
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
