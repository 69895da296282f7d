/// A SwiftPM command plugin: `swift package mvilint [--target NAME ...] [lint options]`.

import Foundation
import PackagePlugin

/// Runs `mvilint lint` on the package (or on the targets named with `--target`), passing every
/// other argument through (`--reporter sarif`, `--strict`, ...). Output goes to the terminal;
/// the command fails when mvilint exits non-zero (error-severity findings, or warnings with
/// `--strict`, or a usage, configuration or input error).
@main
struct MVILintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let passthrough = extractor.remainingArguments
        let targets = try context.package.targets(named: targetNames)
        // The `Path` API: the `URL` one needs swift-tools-version 6.0, and this package is 5.9.
        let tool = URL(fileURLWithPath: try context.tool(named: "mvilint").path.string)
        let paths = targetNames.isEmpty ? [context.package.directory.string] : targets.map(\.directory.string)
        let process = try Process.run(tool, arguments: ["lint"] + passthrough + ["--"] + paths)
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return
        case 1: throw PluginFailure(description: "mvilint reported findings that fail the lint (exit status 1)")
        default: throw PluginFailure(description: "mvilint failed (exit status \(process.terminationStatus))")
        }
    }
}

/// Why the command failed; SwiftPM prints it and exits non-zero.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String
}
