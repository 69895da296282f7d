// swift-tools-version:5.9
// A sample package that lints itself with mvilint's build-tool plugin (Tests/Scripts/plugin_sample.sh).
import PackageDescription

let package = Package(
    name: "PluginSample",
    dependencies: [.package(name: "mvilint", path: "../../..")],
    targets: [
        .target(name: "PluginSample", path: "Sources/PluginSample",
                plugins: [.plugin(name: "MVILintBuildPlugin", package: "mvilint")]),
    ]
)
