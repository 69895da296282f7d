/// `main_actor_model`: observable models are isolated to the main actor.
import MVILintCore

struct MainActorModel: Rule {
    static let info = RuleInfo(
        id: "main_actor_model",
        title: "Main-Actor Isolated Model",
        summary: "An observable model class should be isolated to the main actor",
        rationale: """
        SwiftUI reads a model's observable state on the main thread, and publishing a change from \
        another thread is a data race (and a runtime warning for `@Published`). Marking the model \
        `@MainActor` lets the compiler check that every mutation happens on the main actor, and makes \
        `await` hops explicit where background work returns its results. A class declared `nonisolated` has opted out on purpose and is not reported, nor is one marked \
        `@available(*, unavailable)`, a stub that no code can use. A document class that is observable \
        only through SwiftUI's `ReferenceFileDocument` (which refines ObservableObject) is not taken \
        for a model: SwiftUI calls that protocol's requirements from several isolation domains, so \
        the class cannot simply be `@MainActor`. A class that conforms to a UIKit, \
        AppKit or WatchKit delegate or data source protocol the SDK isolates (`UIApplicationDelegate`, \
        `WKApplicationDelegate`, `UIScrollViewDelegate`, `UITableViewDataSource`, `WKNavigationDelegate`, `NSToolbarDelegate`, …) \
        or subclasses a responder, view, controller or document class (`UITableViewCell`, `NSPopover`, \
        `NSDocument`, …) is isolated through it; a protocol the SDK does not isolate \
        (`CLLocationManagerDelegate`) isolates nothing. A class that conforms to `Sendable` (not \
        `@unchecked Sendable`; also through a protocol of the project that refines it) and has no \
        stored `var` (its state in a `Mutex`, say) is safe to use \
        from any thread and is not reported; one with stored `var`s is (the Swift 5 language mode \
        accepts that conformance with warnings at most). A class that has observable state, each \
        property of which is marked `@MainActor` itself, already has every write of that state \
        checked, and is not reported either. A class with no observable state at all (no \
        `@Published` property) is still reported: SwiftUI observes it all the same, it can publish \
        through `objectWillChange`, and state added to it later would go unchecked. A class \
        that subclasses a model class of the project that is not isolated either (a test spy of a \
        view model) is not reported: the superclass is, and `@MainActor` on it isolates both, while \
        Swift does not let the subclass alone be main-actor isolated. A class \
        isolated to another global actor (`@ScanActor`) is reported without a fix: `@MainActor` \
        cannot be added next to it, the isolation has to be changed. A Core Data entity (a class \
        that inherits from `NSManagedObject`, or one the project's data model generates) or a \
        SwiftData `@Model` class is not a model even when marked `@Observable` or adopting \
        ObservableObject: its instances belong to their contexts, background ones included, and \
        cannot be isolated to the main actor. The fix adds `@MainActor` to the class and is unsafe \
        (`--unsafe-fixes`): it moves every method of the class onto the main actor, and it does not \
        promise that the project still compiles. In the Swift 5 language mode the isolation \
        mismatches it causes are warnings, except a mutation of the class's state from a \
        `@Sendable` closure (`DispatchQueue.global().async { }`, a URLSession completion handler), \
        which becomes an error: that is the data race `main_actor_mutation` reports, which has to \
        hop to the main actor. In the Swift 6 language mode, code that uses the class from outside \
        the main actor needs `await` or must move onto the main actor too.
        """,
        category: .concurrency,
        defaults: [.mvvm: .warning, .mvi: .warning],
        fix: .sometimes,
        examples: [
            // Two nested classes of one name: each is judged by what it inherits itself.
            .triggering("""
            struct WindowReader: NSViewRepresentable {
                final class ↓Coordinator: ObservableObject {
                    @Published private(set) var level = 0
                }
            }
            struct ColorPicker: NSViewRepresentable {
                final class Coordinator {
                    var level = 0
                    func update() { DispatchQueue.global().async { self.level += 1 } }
                }
            }
            """),
            .triggering("""
            final class ↓ProfileViewModel: ObservableObject {
                @Published private(set) var name = ""
            }
            @available(iOS 17, *)
            final class ↓InsightsModel: ObservableObject {
                @Published private(set) var score = 0
            }
            """),
            .triggering("""
            @Observable
            final class ↓CartModel {
                private(set) var items: [String] = []
            }
            """),
            // The superclass is reported; `@MainActor` on it isolates its subclasses too (a
            // test spy of a view model is not reported on its own).
            .triggering(files: [
                "Base.swift": "class ↓BaseModel: ObservableObject {}",
                "Feed.swift": "final class FeedModel: BaseModel {}",
                "FeedModelSpy.swift": "final class FeedModelSpy: FeedModel {\n    var resets = 0\n}",
            ]),
            .triggering("""
            final class ↓SettingsModel {}
            @MainActor extension SettingsModel: ObservableObject {}
            """),
            // A Core Data entity belongs to its managed object context, often a background one:
            // marked `@Observable`, directly or through a base class of the project, it is still not
            // a model to isolate.
            .nonTriggering("""
            import CoreData
            class AppManagedObject: NSManagedObject {}
            @objc(Note)
            @Observable final class Note: AppManagedObject {
                @NSManaged var title: String?
            }
            """),
            .nonTriggering("""
            import SwiftData
            @Model final class Wallet: ObservableObject {
                var name: String
                init(name: String) { self.name = name }
            }
            """),
            // A `Sendable` class with no stored `var` is safe from any thread; `@unchecked Sendable`
            // is a promise only, and so is `Sendable` on a class with stored `var`s.
            .nonTriggering("""
            @Observable
            final class FindProgress: Sendable {
                private let state = Mutex(0)
            }
            protocol SecretStore: Identifiable, Sendable {}
            final class KeychainStore: ObservableObject, SecretStore {
                let id = UUID()
            }
            """),
            .triggering("""
            protocol SecretStore: Identifiable, Sendable {}
            final class ↓SmartCardStore: ObservableObject, SecretStore {
                let id = UUID()
                @Published var isAvailable = false
            }
            @Observable
            final class ↓DownloadProgress: @unchecked Sendable {
                private(set) var fraction = 0.0
            }
            @Observable
            class ↓AppState: Sendable {
                var isSearching = false
            }
            """),
            .triggering("""
            @globalActor actor ScanActor { static let shared = ScanActor() }
            @ScanActor
            final class ↓ScanModel: ObservableObject {
                @Published private(set) var pages: [String] = []
            }
            """),
            .fix(before: """
            final class ↓ProfileViewModel: ObservableObject {
                @Published private(set) var name = ""
            }
            enum Feature {
                @Observable
                final class ↓CartModel {}
                /* legacy */ public class ↓LegacyModel: ObservableObject {}
            }
            """, after: """
            @MainActor
            final class ProfileViewModel: ObservableObject {
                @Published private(set) var name = ""
            }
            enum Feature {
                @MainActor
                @Observable
                final class CartModel {}
                /* legacy */ @MainActor public class LegacyModel: ObservableObject {}
            }
            """),
            .nonTriggering("""
            @MainActor
            final class ProfileViewModel: ObservableObject {
                @Published private(set) var name = ""
            }
            """),
            .nonTriggering(files: [
                "Base.swift": "@MainActor class BaseModel: ObservableObject {}",
                "Feed.swift": "final class FeedModel: BaseModel {}",
            ]),
            .nonTriggering(files: [
                "Protocol.swift": "@MainActor protocol ScreenModel: ObservableObject {}",
                "Home.swift": "final class HomeModel: ScreenModel {}",
            ]),
            .nonTriggering("""
            @MainActor @Observable
            final class CartModel {}
            final class Formatter {}
            struct Value: Equatable {}
            actor Cache: ObservableObject {}
            """),
            // UIKit and AppKit declare their app and scene delegates, responders and controllers `@MainActor`.
            .nonTriggering("""
            final class LaunchDelegate: NSObject, UIApplicationDelegate, ObservableObject {
                @Published private(set) var deviceToken: Data?
            }
            final class WindowDelegate: UIResponder, UIWindowSceneDelegate, ObservableObject {
                var window: UIWindow?
            }
            @Observable
            final class CanvasController: NSViewController {
                private(set) var zoom = 1.0
            }
            final class BrowserModel: NSObject, ObservableObject, WKNavigationDelegate {
                @Published private(set) var isLoading = false
            }
            // A stub kept for source compatibility cannot be used.
            @available(*, unavailable, message: "Use TaskCard instead.")
            final class LegacyTaskController: ObservableObject {
                @Published private(set) var title = ""
            }
            // WatchKit declares its app and extension delegate protocols `@MainActor` too.
            final class WatchDelegate: NSObject, WKApplicationDelegate, ObservableObject {
                @Published private(set) var isReachable = false
            }
            final class FeedScrollModel: NSObject, ObservableObject, UIScrollViewDelegate {
                @Published private(set) var offset: CGFloat = 0
            }
            final class SketchDocument: NSDocument, ObservableObject {
                @Published private(set) var strokes: [Stroke] = []
            }
            """),
            .triggering("""
            final class ↓LocationModel: NSObject, ObservableObject, CLLocationManagerDelegate {
                @Published private(set) var location: CLLocation?
            }
            """),
            .triggering("""
            final class ↓AlertsDelegate: NSObject, UNUserNotificationCenterDelegate, ObservableObject {
                @Published private(set) var pending = 0
            }
            """),
            // The state itself is isolated, property by property; one property that is not is reported.
            .nonTriggering("""
            final class UploadTracker: ObservableObject {
                @MainActor @Published private(set) var progress = 0.0
                @MainActor @Published private(set) var isUploading = false
                private let session = URLSession.shared
            }
            """),
            .triggering("""
            @Observable
            final class ↓MemoryMeter {
                @MainActor private(set) var usage = 0
                private(set) var peak = 0
            }
            """),
        ])

    /// Only a file's model classes (and their extensions) are checked.
    static func mayReport(in scope: FileScope) -> Bool { scope.declaresModel }

    func check(_ context: inout RuleContext) {
        let project = context.project
        for type in context.file.tree.allTypes where type.kind == .class && project.isModel(type) {
            guard !project.isMainActorIsolated(type.name, declaredIn: context.file.path) else { continue }
            if type.header.hasModifier("nonisolated") { continue }
            // A subclass of a model class of the project that is not isolated either: the
            // superclass is reported, and `@MainActor` on it isolates both (Swift does not let a
            // subclass alone be main-actor isolated under a nonisolated superclass).
            if let superclass = type.inherited.first.map(\.baseName), superclass != type.name, project.kind(of: superclass) == .class,
               let path = project.symbol(superclass)?.declarationPath, project.isObservableModel(superclass),
               !project.isMainActorIsolated(superclass, declaredIn: path) { continue }
            // `@available(*, unavailable)`: a stub kept for source compatibility, which no code can use.
            if isUnavailable(type, in: context.file) { continue }
            // Declared `Sendable` (not `@unchecked`) with no stored `var`: nothing in it changes
            // but through what guards itself (a `Mutex`), so any thread may use it. A `Sendable`
            // class with stored `var`s compiles in the Swift 5 language mode and proves nothing.
            // Also through a protocol of the project that refines `Sendable` (`protocol SecretStore: Sendable`).
            if type.inherited.contains(where: { r in
                r.baseName == "Sendable" && !r.text.contains("@unchecked")
                    || (project.kind(of: r.baseName) == .protocol && project.conforms(r.baseName) { $0 == "Sendable" })
            }), !type.variables.contains(where: { !$0.isStatic && !$0.isLet && $0.isStored }) { continue }
            // Each property of its observable state is `@MainActor` itself: the compiler already
            // keeps every write of that state on the main actor.
            let state = type.variables.filter { !$0.isStatic && ($0.isPublished || (type.header.hasAttribute("Observable") && $0.isObservationTracked)) }
            if !state.isEmpty, state.allSatisfy({ $0.header.isMainActor }) { continue }
            // Isolated to another global actor (`@ScanActor`): its state is written off the main
            // actor all the same, but `@MainActor` cannot be added next to it.
            if let other = type.header.attributes.first(where: { $0.baseName != "MainActor" && $0.baseName.hasSuffix("Actor") }) {
                context.report(at: type.nameToken, .otherGlobalActor(type.name, actor: other.baseName))
                continue
            }
            context.report(at: type.nameToken, .notIsolated(type.name), fix: mainActorFix(type, in: context.file))
        }
    }

    /// Whether the declaration is marked `@available(*, unavailable…)` (for every platform).
    private func isUnavailable(_ type: TypeDecl, in file: SourceFile) -> Bool {
        type.header.attributes.contains { a in
            guard a.baseName == "available", let args = a.arguments, args.count >= 3, file.isText(args.lowerBound, "*"),
                  file.kind(args.lowerBound + 1) == .comma else { return false }
            return file.isWord(args.lowerBound + 2, "unavailable")
        }
    }

    /// Inserts `@MainActor` before the declaration's first attribute or modifier: on a line of its
    /// own with the same indentation when the declaration starts its line, else followed by a
    /// space. Unsafe: it moves every member of the class onto the main actor, which changes where
    /// its async work runs and may require `await` at call sites.
    private func mainActorFix(_ type: TypeDecl, in file: SourceFile) -> Fix {
        let first = type.header.firstToken
        let text = file.indentation(beforeToken: first).map { "@MainActor" + file.lineBreak(afterToken: first) + $0 } ?? "@MainActor "
        return Fix(title: "Isolate `\(type.name)` to the main actor with `@MainActor`", safety: .unsafe,
                   edits: [file.insertion(text, beforeToken: first)])
    }
}

private extension String {
    static func notIsolated(_ name: String) -> String {
        "Observable model `\(name)` is not isolated to the main actor; mark it `@MainActor`"
    }
    static func otherGlobalActor(_ name: String, actor: String) -> String {
        "Observable model `\(name)` is isolated to `@\(actor)`, not the main actor, so its state changes off the main thread; isolate it to the main actor instead"
    }
}
