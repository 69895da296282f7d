/// `unused_suppression`: a suppression comment that silences nothing (computed by the engine).
import MVILintCore

/// The metadata of the engine-computed `unused_suppression` findings. The engine
/// (`Suppressions.apply`) knows which suppression comments matched a finding, so it reports the
/// unused ones; this type only declares the rule so that it can be configured, documented and
/// tested like any other.
struct UnusedSuppression: EngineRule {
    static let info = RuleInfo(
        id: Suppressions.unusedRuleID,
        title: "Unused Suppression",
        summary: "A `mvilint:disable` comment should silence a finding of an enabled rule, name known rules and be well formed",
        rationale: """
        A suppression comment is a promise that a finding on that line was reviewed. When the code \
        changes and the finding goes away, a stale suppression stays behind and would silently hide \
        the next, unrelated finding on that line. A misspelled rule id or command silences nothing \
        and gives a false sense of safety. Only mentions of rules that are enabled in the run are \
        checked, so disabling a rule that is off in one profile is not reported. `all` does not \
        cover this rule: silence it with an explicit `mvilint:disable unused_suppression`.
        """,
        category: .hygiene,
        defaults: [.mvvm: .warning, .mvi: .warning],
        fix: .never,
        needsIndex: false,
        examples: [
            .triggering("""
            @MainActor
            final class CounterModel: ObservableObject {
                // mvilint:disable:next ↓state_private_set - reviewed
                @Published private(set) var count = 0
            }
            """),
            .triggering("""
            @MainActor
            final class CounterModel: ObservableObject {
                @Published private(set) var count = 0 // mvilint:disable:this ↓state_privat_set
            }
            """),
            .triggering("""
            // ↓mvilint:disabel main_actor_model
            struct Point { var x = 0 }
            // mvilint:enable ↓main_actor_model
            """),
            .triggering("""
            // mvilint:disable ↓all - generated code
            struct Point { var x = 0 }
            """),
            .nonTriggering("""
            final class CounterModel: ObservableObject { // mvilint:disable:this main_actor_model - isolated by its owner
                // mvilint:disable:next state_private_set
                @Published var count = 0
            }
            """),
            .nonTriggering("""
            // mvilint:disable all - generated code
            final class GeneratedModel: ObservableObject {
                @Published var value = 0
            }
            """),
            .nonTriggering("""
            // mvilint:disable main_actor_model, state_private_set
            final class LegacyModel: ObservableObject {
                @Published var value = 0
            }
            // mvilint:enable main_actor_model, state_private_set
            /// Write `// mvilint:disable:next rule_id` to silence one line.
            let note = "// mvilint:disable:next state_private_set"
            """),
        ])
}
