/// `mvilint graph`: lints the project, then prints its architecture graph with the findings on it.

import Foundation

extension CommandLineTool {
    /// Above this many nodes a whole graph is hard to read: the command suggests narrowing it.
    static let readableNodeCount = 150

    func graph(_ parsed: ParsedArguments, stdin: () -> Data, stdout: (String) -> Void, stderr: (String) -> Void) throws -> Int32 {
        var format = GraphFormat.mermaid
        if let f = parsed.last(OptionSpec.format) {
            let valid = try ParsedArguments.validate(f, option: OptionSpec.format, allowed: GraphFormat.allCases.map(\.rawValue), command: .graph)
            format = GraphFormat(rawValue: valid) ?? format
        }
        var view = GraphView(onlyViolations: parsed.has(OptionSpec.onlyViolations))
        if let c = parsed.last(OptionSpec.collapse) {
            let valid = try ParsedArguments.validate(c, option: OptionSpec.collapse, allowed: GraphView.Collapse.allCases.map(\.rawValue), command: .graph)
            view.collapse = GraphView.Collapse(rawValue: valid)
        }
        if let d = parsed.last(OptionSpec.depth) {
            guard let n = Int(d), n >= 0, n <= 100 else {
                throw UsageError(message: "invalid value '\(d)' for '--\(OptionSpec.depth)'; expected a number from 0 to 100", command: .graph)
            }
            view.depth = n
        }
        view.focus = parsed.last(OptionSpec.focus)

        let options = try lintOptions(parsed)
        let workflow = try workflowOptions(parsed)
        let run = try runLinter(options, workflow, parsed, keepsIndex: true, stdin: stdin, stderr: stderr)
        for d in run.result.diagnostics { stderr("Error: \(d.path): \(d.message)\n") }
        let base = LintSources.workTreeRoot(containing: run.root) ?? run.root
        let context = ReportContext(toolVersion: version, rules: infos, baseDirectory: base, currentDirectory: FileDiscovery.absolutePath("."))
        guard let index = run.result.index else {
            stderr("Warning: no Swift files to draw\n")
            return run.result.diagnostics.isEmpty ? ExitStatus.success : ExitStatus.failure
        }
        let whole = GraphBuilder(index: index, settings: run.settings).build(findings: run.result.findings, files: Set(run.lintFiles), contents: run.inputs.contents)
        if let focus = view.focus, GraphView.resolveFocus(focus, in: whole) == nil {
            let suggestion = Suggestions.didYouMean(focus, among: whole.nodes.map(\.name))
            throw UsageError(message: "no type '\(focus)' in the graph" + (suggestion.isEmpty ? "" : "." + suggestion), command: .graph)
        }
        let collapse = view.collapse
        let graph = view.apply(to: whole) { path in
            guard let path = path else { return "." }
            // Module and folder names do not depend on where the command ran.
            let relative = context.repositoryPath(path)
            return collapse == .folder ? GraphView.folderName(ofRelativePath: relative) : GraphView.moduleName(ofRelativePath: relative)
        }
        let text = format.render(graph, context: context)
        stdout(text)

        if graph.nodes.count > CommandLineTool.readableNodeCount && view.collapse == nil && view.focus == nil {
            stderr("Note: the graph has \(graph.nodes.count) types; --collapse module, --focus TYPE or --only-violations draw a readable part of it\n")
        }
        if format == .mermaid, text.utf8.count > MermaidGraph.maxTextSize || graph.edges.count > MermaidGraph.maxEdges {
            stderr("Note: Mermaid renders at most \(MermaidGraph.maxTextSize) characters and \(MermaidGraph.maxEdges) edges by default (maxTextSize, maxEdges); this graph has \(text.utf8.count) characters and \(graph.edges.count) edges\n")
        }
        if !parsed.has(OptionSpec.quiet) {
            stderr("Graph: \(graph.nodes.count) nodes, \(graph.edges.count) edges, \(graph.placedFindings.count) of \(run.result.findings.count) findings placed\n")
        }
        return run.result.diagnostics.isEmpty ? ExitStatus.success : ExitStatus.failure
    }
}
