/// Calls of a model's state-writing synchronous methods made off the main actor, in any type.
import MVILintCore

extension MainActorMutation {
    /// Reports each call, in the file's types, of a synchronous method that writes observable
    /// state of a model that is not isolated to the main actor (`StateWritingMethods`), made where
    /// the code does not run on the main actor: at the call, naming the method and its writes.
    func reportStateWritingCalls(_ context: inout RuleContext, writers: StateWritingMethods, namesFramework: Bool,
                                 typesByName: inout [String: [TypeDecl]]?) {
        let file = context.file, project = context.project, knowledge = context.settings.knowledge
        var reported = Set<Int>()
        guard !Self.isInPreviewContent(file.path) else { return }
        for t in file.tree.allTypes where t.kind != .protocol && !Self.isPreviewCode(t, in: file) {
            let owner = t.indexName
            let declaredIn = project.symbol(owner)?.declarationPath ?? file.path
            // Code of a view, or of a type isolated to the main actor, runs there unless a closure leaves it.
            let typeIsolated = project.isMainActorIsolated(owner, declaredIn: declaredIn) || t.header.isMainActor || project.isViewLike(owner)
            var queues: QueueProperties? = nil
            for f in t.functions {
                guard let body = f.bodyTokens else { continue }
                let isolated = f.header.isMainActor || (typeIsolated && !f.header.isNonisolated)
                var bodyQueues: QueueProperties? = nil
                for i in body where file.kind(i) == .identifier && file.kind(i + 1) == .leftParen && file.isName(i, in: writers.names) {
                    guard !file.isWord(i - 1, "func"), let (type, start) = Self.receiverType(ofCallAt: i, in: t, function: f, file: file, project: project),
                          let called = writers.writers[file.name(i)] else { continue }
                    // The model itself, a protocol it adopts, or a subclass that inherits the method.
                    let matching = called.filter { w in w.model == type || project.conforms(w.model) { $0 == type } || project.conforms(type) { $0 == w.model } }
                    guard let writer = matching.first else { continue }
                    if queues == nil {
                        if typesByName == nil { typesByName = Dictionary(grouping: file.tree.allTypes, by: \.indexName) }
                        queues = Self.queueProperties(of: typesByName?[owner] ?? [], in: file, framework: namesFramework, knowledge: knowledge)
                    }
                    if bodyQueues == nil {
                        bodyQueues = namesFramework ? Self.withFrameworkLocals(queues!, in: body, function: f, file: file, knowledge: knowledge) : queues!
                        bodyQueues!.main.formUnion(Self.mainQueueLocals(in: body, function: f, file: file))
                    }
                    let around = Surroundings(function: f, body: body, model: owner, state: project.observableState(of: owner), file: file, project: project,
                                              queues: bodyQueues!, knowledge: knowledge)
                    guard let reason = offMainReason(of: i, in: around, isolated: isolated), reported.insert(start).inserted else { continue }
                    let models = Array(Set(matching.map(\.model))).sorted()
                    let state = Array(Set(matching.flatMap(\.state))).sorted()
                    context.report(at: start, .offMainCall(writer.method, writes: state, models: models, reason: reason))
                }
            }
        }
    }

    /// The type of the receiver of the call whose name is token `i`, and the call's first token:
    /// the enclosing type for `update()` and `self.update()`; a stored property's, a parameter's
    /// or a shared instance's type (`model.update()`, `Store.shared.update()`), followed through
    /// the stored properties of the project's types (`deps.messages.post()`). Nil when not known.
    static func receiverType(ofCallAt i: Int, in t: TypeDecl, function f: FunctionDecl, file: SourceFile, project: ProjectIndex) -> (String, Int)? {
        var names: [String] = []
        var j = i
        while file.kind(j - 1) == .period, names.count < 8 {
            var k = j - 2
            while file.kind(k) == .operator, file.isText(k, "?") || file.isText(k, "!") { k -= 1 }
            guard file.kind(k) == .identifier || file.isWord(k, "self") else { return nil }
            names.insert(file.isWord(k, "self") ? "self" : file.name(k), at: 0)
            j = k
        }
        if names.count == 8 { return nil }
        let owner = t.indexName
        guard let first = names.first else { return (owner, i) }
        var type: String
        var rest = names.dropFirst()
        if first == "self" {
            type = owner
        } else if let p = file.parameters(of: f).first(where: { $0.name == first }) {
            guard let name = p.type?.baseName else { return nil }
            type = name
        } else if MainActorMutation.localNames(in: f.bodyTokens ?? 0..<0, function: f, file: file).contains(first) {
            return nil
        } else if let stored = project.storedPropertyType(first, of: owner) {
            type = stored
        } else if let second = rest.first, project.symbol(first) != nil, let shared = project.staticPropertyType(second, of: first) {
            type = shared; rest = rest.dropFirst()
        } else {
            return nil
        }
        for n in rest {
            guard let next = project.storedPropertyType(n, of: type) else { return nil }
            type = next
        }
        return (type, j)
    }

    /// Code that only previews or tests use: a `PreviewProvider` (and the types inside it), or a
    /// test double or preview stub named for it (`MockOrdersService`, `OrdersServiceStub`,
    /// `FakeClient`); a file of Xcode's "Preview Content" folder (`isPreviewFile`). It never
    /// decides where the app's code runs.
    static func isPreviewCode(_ t: TypeDecl, in file: SourceFile) -> Bool {
        if t.inherited.contains(where: { $0.baseName == "PreviewProvider" }) { return true }
        if isStubName(t.kind == .extension ? t.extendedBaseName : t.name) { return true }
        for name in t.outerNames where isStubName(name) { return true }
        return false
    }

    /// `Mock…`, `Stub…`, `Fake…` (followed by an upper-case letter), `…Mock`, `…Stub`, `…Fake`,
    /// `…Previews`.
    static func isStubName(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard let first = utf8.first, let last = utf8.last else { return false }
        // Most names start and end otherwise: two byte compares decide.
        if first == UInt8(ascii: "M") || first == UInt8(ascii: "S") || first == UInt8(ascii: "F") {
            for prefix in stubPrefixes where name.hasPrefix(prefix) {
                let next = utf8.dropFirst(prefix.utf8.count).first
                if let n = next, n >= UInt8(ascii: "A") && n <= UInt8(ascii: "Z") { return true }
            }
        }
        if last == UInt8(ascii: "k") || last == UInt8(ascii: "b") || last == UInt8(ascii: "e") || last == UInt8(ascii: "s") {
            for suffix in stubSuffixes where name.hasSuffix(suffix) { return true }
        }
        return false
    }

    /// A file of preview or test-double code only: in Xcode's "Preview Content" folder, or every
    /// type it declares or extends is one (`isPreviewCode`).
    static func isPreviewFile(_ file: SourceFile) -> Bool {
        if isInPreviewContent(file.path) { return true }
        let types = file.tree.allTypes
        return !types.isEmpty && types.allSatisfy { isPreviewCode($0, in: file) }
    }

    /// Whether `path` has a folder named "Preview Content" (Xcode's development assets).
    static func isInPreviewContent(_ path: String) -> Bool {
        let needle = previewContentFolder
        var path = path
        return path.withUTF8 { bytes in
            // Most paths have no space at all.
            guard bytes.count >= needle.count, bytes.contains(0x20) else { return false }
            var i = 0
            while i + needle.count <= bytes.count {
                if bytes[i] == needle[0] {
                    var k = 1
                    while k < needle.count && bytes[i + k] == needle[k] { k += 1 }
                    if k == needle.count && (i == 0 || bytes[i - 1] == UInt8(ascii: "/")) { return true }
                }
                i += 1
            }
            return false
        }
    }

    static let previewContentFolder = Array("Preview Content/".utf8)
    static let stubPrefixes = ["Mock", "Stub", "Fake"]
    static let stubSuffixes = ["Mock", "Stub", "Fake", "Previews"]
}

extension String {
    static func offMainCall(_ method: String, writes state: [String], models: [String], reason: String) -> String {
        let names = state.map { "`\($0)`" }.joined(separator: ", ")
        let model = models.map { "`\($0)`" }.joined(separator: ", ")
        return "`\(method)` writes observable state of \(model) (\(names)) and is called off the main actor (\(reason)); isolate \(model) with `@MainActor` or hop to the main actor before the call"
    }
}
