/// Combine `assign` subscribers that write a model's observable state off the main queue.
import MVILintCore

extension MainActorMutation {
    /// `.assign(to:`
    static let assignTo = TokenPattern(.period, .word("assign"), .leftParen, .word("to"), .colon)
    /// `on: self`
    static let onSelf = TokenPattern(.word("on"), .colon, .word("self"))
    /// `.items,` before `on:`
    static let keyPathEnd = TokenPattern(.period, .identifier, .comma)

    /// Combine's `assign` subscribers in `body` that write the model's observable state with no
    /// `receive(on:)` to the main queue upstream: `.assign(to: &$items)` and
    /// `.assign(to: \.items, on: self)`. Each with the token of the property's name.
    static func offMainAssignments(in body: TokenRange, state: Set<String>, file: SourceFile, project: ProjectIndex, knowledge: Knowledge,
                                   mainQueues: Set<String>, otherState: StateSources) -> [(name: String, token: Int)] {
        var found: [(name: String, token: Int)] = []
        for i in body where file.matches(assignTo, at: i - 1) {
            guard let close = file.partner(i + 1) else { continue }
            var target: Int? = nil
            // `&$items`
            if file.isText(i + 4, "&"), file.kind(i + 5) == .dollarIdentifier, i + 6 == close || file.kind(i + 6) == .comma {
                target = i + 5
            }
            // `\.items, on: self` (also `\Self.items`, `\Model.items`)
            if target == nil, let on = (i + 4..<close).first(where: { file.matches(onSelf, at: $0) }), on + 3 == close,
               file.matches(keyPathEnd, endingAt: on - 1) {
                target = on - 2
            }
            guard let t = target else { continue }
            let name = file.kind(t) == .dollarIdentifier ? String(file.name(t).dropFirst()) : file.name(t)
            guard state.contains(name) else { continue }
            let start = file.chain(endingAt: i).start
            if start < i, hasMainReceive(in: start, before: i, file: file, project: project, knowledge: knowledge, mainQueues: mainQueues, body: body)
                || derivesFromOwnState(in: start, before: i, state: state, file: file, isolatedState: otherState, body: body) { continue }
            found.append((name, t))
        }
        return found
    }
}
