/// Library and SDK calls whose callbacks run on the main queue: the rows of `MainQueueCallbacks`.
import MVILintCore

/// A call that a row of `MainQueueCallbacks` (or of the configuration's `main_queue_callbacks`)
/// names: its closure runs on the main queue, or where the calling code runs (Realm). Also a
/// call on a constant that holds a library's shared instance or a reference made from it
/// (`let USERS = Firestore.firestore().collection("users")`, `Refs.likes`; `LibraryConstants`).
enum LibraryCallbacks: PlacementResolver {
    static func placement(of q: ClosureQuery) -> Placement? {
        let file = q.file, names = q.names, last = q.last
        if !q.knowledge.callbacks(named: last).isEmpty {
            let call = CallbackCall(
                names: names, closureLabel: q.closure.label, labels: q.labels, receiverType: { receiverType(of: q) },
                argumentNamesMain: { label, values in q.closure.callee.last?.callParen.map { file.argument(label, ofCallAt: $0, namesMainOr: values) } ?? false },
                sees: { q.project.sees(anyOf: $0, in: file) }, fileMentions: { file.containsIdentifier(named: $0) })
            switch q.knowledge.answer(method: last, for: call) {
            case .mainQueue: return .main
            case .registeringThread: return .unknown
            case .notThis: break
            }
        }
        let constants = q.project.fact(LibraryConstants.self).libraries
        if !constants.isEmpty, let first = names.first,
           let library = constants[first] ?? (names.count > 2 ? constants[first + "." + names[1]] : nil),
           q.knowledge.typedRows(of: library).contains(where: { $0.methods.contains(last) }) { return .main }
        return nil
    }

    /// The class of the call's receiver: its first name (not `self`) when that is a class, or the
    /// class that a property or local of that name holds (`QueueProperties.framework`). A local made
    /// from another object (`let ref = db.collection("notes").document(id)`, then `ref.updateData
    /// { … }`) answers as the object it was made from.
    static func receiverType(of q: ClosureQuery) -> String? {
        let file = q.file, names = q.names
        var rootName = names.first { $0 != "self" }
        if let first = rootName, names.count >= 2, names[0] == first, q.queues.framework[first] == nil,
           let token = q.closure.callee.first?.token, let body = q.function.bodyTokens,
           let value = MainActorMutation.localInitializer(of: token, in: body, file: file) {
            var k = value.lowerBound
            if file.isWord(k, "self"), file.kind(k + 1) == .period { k += 2 }
            if file.kind(k) == .identifier, file.kind(k + 1) == .period { rootName = file.name(k) }
        }
        return rootName.map { q.queues.framework[$0] ?? $0 }
    }
}
