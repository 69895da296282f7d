/// libFuzzer entry point: runs the whole per-file pipeline on arbitrary bytes and traps when an invariant breaks.

/// Scans, parses and analyses `data` as one Swift file. Compiled into the MVILintCore module by
/// `Tools/fuzz.sh` (it uses internal API). Any crash, hang, sanitizer report or broken invariant is
/// a finding; each one becomes a case in `Tests/MVILintCoreTests/FuzzRegressionTests.swift`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let file = SourceFile(path: "Fuzz.swift", bytes: bytes)

    // Structure and closure analysis, checked against their contracts.
    let problems = file.invariantViolations()
    if !problems.isEmpty { fatalError("invariant violated: " + problems.joined(separator: "; ")) }

    // Body queries over the whole token range, as rules call them: every mutation, and the
    // closures around it (as `main_actor_mutation` asks).
    let all = 0..<file.tokens.count
    let analysis = file.bodyAnalysis
    for m in file.mutations(in: all) {
        precondition(all.contains(m.rootToken) && all.contains(m.operatorToken), "mutation token out of range")
        precondition(m.rootToken <= m.operatorToken, "mutation root after its operator")
        let around = analysis.enclosingClosures(of: m.operatorToken)
        precondition(around.count <= BodyAnalysis.maxEnclosingClosures, "closure chain longer than its bound")
        for c in around { precondition(c.open < m.operatorToken && m.operatorToken <= c.close, "mutation outside its closure") }
    }
    for closure in analysis.closures {
        if let start = closure.calleeStart { precondition(start >= 0 && start <= closure.open, "callee after its closure") }
    }

    // Statement structure of every function body (the control-flow questions rules ask).
    let functions = file.tree.topLevelFunctions + file.tree.allTypes.flatMap(\.functions)
    for f in functions {
        guard let body = f.bodyTokens else { continue }
        for statement in file.statements(in: body) {
            precondition(statement.range.lowerBound >= body.lowerBound && statement.range.upperBound <= body.upperBound, "statement outside its body")
        }
    }

    // Positions of every declaration, and the project index over this file's summary.
    for t in file.tree.allTypes { _ = file.location(ofToken: t.nameToken) }
    let summary = FileSummary(file: file)
    let index = ProjectIndex(summaries: [summary, FileSummary(path: "Empty.swift")])
    for t in summary.types {
        _ = index.resolve(t.name)
        _ = index.isObservableModel(t.name)
        _ = index.isViewLike(t.name)
        _ = index.observableState(of: t.name)
        _ = index.isMainActorIsolated(t.name, declaredIn: summary.path)
        for name in t.inherited { _ = index.kind(of: name) }
    }
    // What the engine asks before checking the file: its scope words (a word at each end of the
    // input too) and whether it declares a view or a model.
    let words = ["onAppear", "inout", "Reduce", "mvilint"]
    let mask = FileScope.mask(of: words.map(FileScope.Needle.init), in: bytes)
    precondition(mask < 1 << UInt64(words.count), "a word bit past the words")
    let scope = FileScope(types: summary.types, project: index, settings: ProjectSettings(), words: words, wordMask: mask)
    _ = scope.declaresViewLike
    _ = scope.declaresModel
    return 0
}
