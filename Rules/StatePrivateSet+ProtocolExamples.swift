/// Examples of `state_private_set` about properties that protocols require.
import MVILintCore

extension StatePrivateSet {
    static let protocolExamples: [RuleExample] = [
        // A settable requirement of a protocol of the project (directly, through a protocol it
        // refines, or through a conformance in an extension) is reported without a fix and with
        // a note on the protocol; a `{ get }` requirement does not stop the fix.
        .fix(files: [
            "Selectable.swift": "protocol Selectable: AnyObject { var isSelected: Bool { get set } }",
            "Editable.swift": "protocol Editable: Selectable { var draft: String { get set } }",
            "Titled.swift": "protocol Titled { var title: String { get } }",
            "TagModel.swift": """
            @Observable
            final class TagModel: Editable, Titled {
                var ↓isSelected = false
                var ↓draft = ""
                var ↓title = ""
            }
            """,
            "Pinnable.swift": """
            protocol Pinnable { var isPinned: Bool { get set } }
            extension NoteModel: Pinnable {}
            """,
            "NoteModel.swift": """
            final class NoteModel: ObservableObject {
                @Published var ↓isPinned = false
            }
            """,
        ], fixed: [
            "Selectable.swift": "protocol Selectable: AnyObject { var isSelected: Bool { get set } }",
            "Editable.swift": "protocol Editable: Selectable { var draft: String { get set } }",
            "Titled.swift": "protocol Titled { var title: String { get } }",
            "TagModel.swift": """
            @Observable
            final class TagModel: Editable, Titled {
                var ↓isSelected = false
                var ↓draft = ""
                private(set) var title = ""
            }
            """,
            "Pinnable.swift": """
            protocol Pinnable { var isPinned: Bool { get set } }
            extension NoteModel: Pinnable {}
            """,
            "NoteModel.swift": """
            final class NoteModel: ObservableObject {
                @Published var ↓isPinned = false
            }
            """,
        ]),
        .triggering(files: [
            "Selectable.swift": "protocol Selectable: AnyObject { var isSelected: Bool { get set } }",
            "RowModel.swift": """
            @Observable
            final class RowModel: Selectable {
                var ↓isSelected = false
            }
            """,
        ]).expecting(message: "`isSelected` is observable state of `RowModel` but can be set from outside it: the protocol "
                     + "`Selectable` requires it to be settable, so it cannot be `private(set)` until the protocol changes"),
        // An SDK protocol's settable requirement (`window`) keeps its setter; so does a delegate
        // that a project protocol requires (wiring, not state).
        .nonTriggering(files: [
            "SceneDelegate.swift": """
            @Observable
            final class SceneDelegate: NSObject, UIWindowSceneDelegate {
                var window: UIWindow?
            }
            """,
            "Delegating.swift": "protocol Delegating: AnyObject { var delegate: RowDelegate? { get set } }",
            "RowDelegate.swift": "protocol RowDelegate: AnyObject {}",
            "RowModel.swift": """
            @Observable
            final class RowModel: Delegating {
                weak var delegate: RowDelegate?
            }
            """,
        ]),
        // Near misses: a get-only requirement, a property no protocol requires, a delegate
        // protocol without a `window` requirement.
        .triggering(files: [
            "Titled.swift": "protocol Titled { var title: String { get } }",
            "NoteModel.swift": """
            final class NoteModel: NSObject, ObservableObject, Titled, UNUserNotificationCenterDelegate {
                @Published var ↓title = ""
                @Published var ↓window: String?
            }
            """,
            "SceneDelegate.swift": """
            @Observable
            final class SceneDelegate: NSObject, UIWindowSceneDelegate {
                var window: UIWindow?
                var ↓lastActivity: String?
            }
            """,
        ]),
    ]
}
