/// Notifications that UIKit, AppKit and WatchKit post on the main thread, with their examples.

/// Classes whose notifications (`UIApplication.didBecomeActiveNotification`, every name of the
/// class that ends in `Notification`) the framework posts on the main thread. A notification
/// reaches its observers on the thread that posts it: a `sink` on
/// `NotificationCenter.default.publisher(for:)` of one, or a block registered with
/// `addObserver(forName:object:queue: nil)`, runs on the main queue.
public struct MainPostedNotification: Sendable {
    public var framework: String
    /// What the classes are, for the docs.
    public var about: String
    public var classes: [String]
    /// A triggering example and a near miss, made when asked (only the tests and the docs ask).
    public var examples: [RuleExample] { makeExamples() }
    private let makeExamples: @Sendable () -> [RuleExample]

    public init(framework: String, about: String, classes: [String], examples: @autoclosure @escaping @Sendable () -> [RuleExample]) {
        self.framework = framework; self.about = about; self.classes = classes; self.makeExamples = examples
    }

    var documentation: KnowledgeRow {
        KnowledgeRow(cells: [framework, about, KnowledgeTables.cell(classes)], examples: makeExamples())
    }
}

public enum MainPostedNotifications {
    public static let rows: [MainPostedNotification] = [uiKitApplication, uiKitDevice, uiKitInput, appKit, watchKit]

    /// Every class of the rows.
    public static let classes: Set<String> = Set(rows.flatMap(\.classes))

    static func model(_ body: String) -> String {
        ExampleCode.model(["UIKit"], members: "private var bag = Set<AnyCancellable>()", body)
    }

    public static let uiKitApplication = MainPostedNotification(
        framework: "UIKit", about: "the application, its scenes and windows",
        classes: ["UIApplication", "UIScene", "UIWindowScene", "UIWindow"],
        examples: [
            .nearMiss(model("""
            NotificationCenter.default.publisher(for: UIApplication.willResignActiveNotification)
                .sink { _ in self.done = true }
                .store(in: &bag)
            """)),
            .triggering(model("""
            NotificationCenter.default.publisher(for: ProcessInfo.thermalStateDidChangeNotification)
                .sink { _ in ↓self.done = true }
                .store(in: &bag)
            """)),
        ])
    public static let uiKitDevice = MainPostedNotification(
        framework: "UIKit", about: "the device's orientation and battery, the screen",
        classes: ["UIDevice", "UIScreen"],
        examples: [
            .nearMiss(model("""
            _ = NotificationCenter.default.addObserver(forName: UIDevice.orientationDidChangeNotification, object: nil, queue: nil) { _ in
                self.count += 1
            }
            """)),
            .triggering(model("""
            _ = NotificationCenter.default.addObserver(forName: UIDevice.orientationDidChangeNotification, object: nil, queue: OperationQueue()) { _ in
                ↓self.count += 1
            }
            """)),
        ])
    public static let uiKitInput = MainPostedNotification(
        framework: "UIKit", about: "the keyboard (`UIResponder`), text input, menus, text size and accessibility settings",
        classes: ["UIResponder", "UIContentSizeCategory", "UIAccessibility", "UITextField", "UITextView", "UIMenuController"],
        examples: [
            .nearMiss(model("""
            NotificationCenter.default.publisher(for: UIResponder.keyboardWillShowNotification)
                .sink { _ in self.done = true }
                .store(in: &bag)
            """)),
            .triggering(model("""
            NotificationCenter.default.publisher(for: UIResponder.keyboardWillShowNotification)
                .debounce(for: 0.2, scheduler: DispatchQueue.global())
                .sink { _ in ↓self.done = true }
                .store(in: &bag)
            """)),
        ])
    public static let appKit = MainPostedNotification(
        framework: "AppKit", about: "the application, windows, views, controls, text views, menus and popovers",
        classes: ["NSApplication", "NSWindow", "NSView", "NSControl", "NSTextView", "NSMenu", "NSPopover"],
        examples: [
            .nearMiss(model("""
            NotificationCenter.default.publisher(for: NSWindow.didResizeNotification)
                .sink { _ in self.count += 1 }
                .store(in: &bag)
            """)),
            .triggering(model("""
            NotificationCenter.default.publisher(for: .NSManagedObjectContextDidSave)
                .sink { _ in ↓self.count += 1 }
                .store(in: &bag)
            """)),
        ])
    public static let watchKit = MainPostedNotification(
        framework: "WatchKit", about: "the app and its extension", classes: ["WKExtension", "WKApplication"],
        examples: [
            .nearMiss(model("""
            NotificationCenter.default.publisher(for: WKApplication.didBecomeActiveNotification)
                .sink { _ in self.done = true }
                .store(in: &bag)
            """)),
            .triggering(model("""
            NotificationCenter.default.publisher(for: WKApplication.didBecomeActiveNotification)
                .receive(on: DispatchQueue.global())
                .sink { _ in ↓self.done = true }
                .store(in: &bag)
            """)),
        ])

    /// The table as the docs show it.
    public static var table: KnowledgeTable {
        KnowledgeTable(
            id: "main_posted_notifications", title: "Notifications posted on the main thread",
            summary: """
            A notification reaches its observers on the thread that posts it. The frameworks post these classes' \
            notifications (`UIApplication.didBecomeActiveNotification`: the class, then a name ending in `Notification`) on \
            the main thread, so a `sink` on `NotificationCenter.default.publisher(for:)` of one, or a block given to \
            `addObserver(forName:object:queue: nil)`, runs on the main queue. Other notifications may come on any thread.
            """,
            columns: ["framework", "what", "classes"], rows: rows.map(\.documentation), exampleRule: "main_actor_mutation")
    }
}
