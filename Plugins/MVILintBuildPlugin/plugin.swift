/// A SwiftPM and Xcode build-tool plugin that lints a target's Swift sources with mvilint.

import Foundation
import PackagePlugin

/// Adds one build command per target: `mvilint lint --reporter xcode --quiet <target sources>`.
///
/// Findings print as `path:line:column: warning: …`, which SwiftPM and Xcode show as build
/// diagnostics. Decisions:
/// - Warnings never fail the build (mvilint exits 0 when only warnings are found). Error-severity
///   findings do fail it, as a compiler error would: the rules marked `error` (for example
///   `main_actor_mutation`) describe crashes and data races. Lower a rule's severity in
///   `.mvilint.json` to keep building past it.
/// - SwiftPM runs a build command only for an output it consumes, and treats any output that is
///   not Swift source as a resource to bundle. So the command's output is a comment-only Swift
///   file that mvilint writes after a passing lint (`--plugin-output`). The lint runs again when
///   a source of the target or `.mvilint.json` changes; after a failing lint (error findings) the
///   file is missing, so it runs on every build until the errors are fixed.
/// - Types resolve across the whole project: mvilint indexes every Swift file under the project
///   root (the directory holding `.mvilint.json` or `Package.swift`), not only this target.
@main
struct MVILintBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        // The `Path` API: the `URL` one needs swift-tools-version 6.0, and this package is 5.9.
        let sources = module.sourceFiles(withSuffix: "swift").map(\.path)
        guard !sources.isEmpty else { return [] }
        let tool = try context.tool(named: "mvilint").path
        let output = context.pluginWorkDirectory.appending("MVILint_\(target.name).swift")
        let configuration = context.package.directory.appending(".mvilint.json")
        let inputs = sources + (FileManager.default.fileExists(atPath: configuration.string) ? [configuration] : [])
        return [.buildCommand(displayName: "Linting \(target.name) with mvilint", executable: tool,
                              arguments: lintArguments(output: output.string, paths: [module.directory.string]),
                              inputFiles: inputs, outputFiles: [output])]
    }
}

/// The arguments of one lint: the xcode format, no summary line, the placeholder output, the
/// paths to lint (after `--`, so that no path is read as an option).
func lintArguments(output: String, paths: [String]) -> [String] {
    ["lint", "--reporter", "xcode", "--quiet", "--plugin-output", output, "--"] + paths
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension MVILintBuildPlugin: XcodeBuildToolPlugin {
    /// An Xcode target's files need not share a directory, so they are named one by one; add a
    /// `.mvilint.json` next to the `.xcodeproj` so that types resolve across the whole project.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.path.extension == "swift" }.map(\.path)
        guard !sources.isEmpty else { return [] }
        let tool = try context.tool(named: "mvilint").path
        let output = context.pluginWorkDirectory.appending("MVILint_\(target.displayName).swift")
        return [.buildCommand(displayName: "Linting \(target.displayName) with mvilint", executable: tool,
                              arguments: lintArguments(output: output.string, paths: sources.map(\.string)),
                              inputFiles: sources, outputFiles: [output])]
    }
}
#endif
