// swift-tools-version:5.9
// A package whose mvilint plugins run a prebuilt mvilint from an artifact bundle instead of
// building it from source (Tests/Scripts/artifact_bundle_plugin.sh). The test copies this
// package, mvilint's Plugins/ directory and the bundle that Tools/release.sh writes into a
// temporary directory, as `mvilint.artifactbundle`, and builds it there. A package that serves
// the plugins from a published release names the zipped bundle by URL instead:
// `.binaryTarget(name: "mvilint", url: "https://…/mvilint-VERSION.artifactbundle.zip", checksum: "…")`.
import PackageDescription

let package = Package(
    name: "BinaryPluginSample",
    // `@Observable` needs macOS 14 / iOS 17.
    platforms: [.macOS(.v14), .iOS(.v17)],
    targets: [
        .binaryTarget(name: "mvilint", path: "mvilint.artifactbundle"),
        .plugin(name: "MVILintBuildPlugin", capability: .buildTool(), dependencies: ["mvilint"], path: "Plugins/MVILintBuildPlugin"),
        .plugin(name: "MVILintCommandPlugin",
                capability: .command(intent: .custom(verb: "mvilint", description: "Lint the package's Swift sources with mvilint")),
                dependencies: ["mvilint"], path: "Plugins/MVILintCommandPlugin"),
        .target(name: "BinaryPluginSample", path: "Sources/BinaryPluginSample", plugins: ["MVILintBuildPlugin"]),
    ]
)
