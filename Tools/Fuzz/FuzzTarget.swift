/// libFuzzer entry point: runs the whole per-file pipeline on arbitrary bytes and traps when an invariant breaks.
///
/// Compiled into the MVILintCore module by `Tools/fuzz.sh` (it uses internal API). Any crash, hang,
/// sanitizer report or broken invariant is a finding; each one becomes a case in
/// `Tests/MVILintCoreTests/FuzzRegressionTests.swift`.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let file = SourceFile(path: "Fuzz.swift", bytes: bytes)

    // Structure and closure analysis, checked against their contracts.
    let problems = file.invariantViolations()
    if !problems.isEmpty { fatalError("invariant violated: " + problems.joined(separator: "; ")) }

    // Body queries over the whole token range, as rules call them.
    let all = 0..<file.tokens.count
    for m in file.mutations(in: all) {
        precondition(all.contains(m.rootToken) && all.contains(m.operatorToken), "mutation token out of range")
        precondition(m.rootToken <= m.operatorToken, "mutation root after its operator")
    }
    let analysis = file.bodyAnalysis
    for closure in analysis.closures {
        _ = file.enclosingClosuresCount(closure.open)
        if let start = closure.calleeStart { precondition(all.contains(start), "callee start out of range") }
    }
    for i in all where file.kind(i) == .identifier {
        let (components, start) = file.chain(endingAt: i)
        precondition(components.isEmpty || (start >= 0 && start <= i), "chain start after its end")
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
    return 0
}

extension SourceFile {
    /// Walks the closure chain around token `i` (exercises `enclosingClosures`).
    fileprivate func enclosingClosuresCount(_ i: Int) -> Int { bodyAnalysis.enclosingClosures(of: i).count }
}
