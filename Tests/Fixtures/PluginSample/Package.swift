// swift-tools-version:5.9
// A sample package that lints itself with mvilint's build-tool plugin (Tests/Scripts/plugin_sample.sh).
import PackageDescription

let package = Package(
    name: "PluginSample",
    // `@Observable` needs macOS 14 / iOS 17.
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "mvilint", path: "../../..")],
    targets: [
        .target(name: "PluginSample", path: "Sources/PluginSample",
                plugins: [.plugin(name: "MVILintBuildPlugin", package: "mvilint")]),
    ]
)
