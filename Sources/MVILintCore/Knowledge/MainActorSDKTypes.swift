/// SDK classes and protocols that are isolated to the main actor, with their examples.

/// Classes and protocols that Apple's SDKs declare `@MainActor`: a class of the project that
/// inherits from one, or adopts one (a conformance stated anywhere counts), is isolated to the
/// main actor without an attribute of its own. The SDK's own subclasses are listed, since the
/// project index sees no SDK hierarchy (`UITableViewCell` is a `UIView`).
public struct MainActorSDKGroup: Sendable {
    public var framework: String
    public var group: String
    public var names: [String]
    /// A triggering example and a near miss, made when asked (only the tests and the docs ask).
    public var examples: [RuleExample] { makeExamples() }
    private let makeExamples: @Sendable () -> [RuleExample]

    public init(framework: String, group: String, names: [String], examples: @autoclosure @escaping @Sendable () -> [RuleExample]) {
        self.framework = framework; self.group = group; self.names = names; self.makeExamples = examples
    }

    var documentation: KnowledgeRow { KnowledgeRow(cells: [framework, group, KnowledgeTables.cell(names)], examples: makeExamples()) }
}

public enum MainActorSDKTypes {
    public static let rows: [MainActorSDKGroup] = [
        uiKitDelegates, uiKitViews, uiKitControllers, uiKitProtocols, appKitClasses, appKitProtocols, webKit, watchKit,
    ]

    /// Every class and protocol of the rows.
    public static let names: Set<String> = Set(rows.flatMap(\.names))

    /// A model declared as `declaration` (its name and supertypes) whose `async` method writes state.
    static func model(_ imports: String, _ declaration: String, reported: Bool) -> String {
        """
        import \(imports)
        final class \(declaration) {
            @Published private(set) var count = 0
            func reload() async {
                \(reported ? "↓" : "")count = await fetchCount()
            }
        }
        """
    }

    public static let uiKitDelegates = MainActorSDKGroup(
        framework: "UIKit", group: "app and scene delegates", names: ["UIApplicationDelegate", "UISceneDelegate", "UIWindowSceneDelegate"],
        examples: [
            .nearMiss(model("UIKit", "AppModel: NSObject, ObservableObject, UIApplicationDelegate", reported: false)),
            .triggering(model("UIKit", "AppModel: NSObject, ObservableObject, UNUserNotificationCenterDelegate", reported: true)),
        ])
    public static let uiKitViews = MainActorSDKGroup(
        framework: "UIKit", group: "the application, scenes, windows, views and controls",
        names: ["UIResponder", "UIApplication", "UIView", "UIWindow", "UIScene", "UIWindowScene", "UIGestureRecognizer", "UIControl", "UIButton",
                "UILabel", "UIImageView", "UIStackView", "UIScrollView", "UITableView", "UITableViewCell", "UICollectionView",
                "UICollectionViewCell", "UICollectionReusableView", "UITextField", "UITextView", "UIDevice", "UIScreen"],
        examples: [
            .nearMiss(model("UIKit", "BadgeView: UIView, ObservableObject", reported: false)),
            .triggering(model("UIKit", "BadgeLayer: CALayer, ObservableObject", reported: true)),
        ])
    public static let uiKitControllers = MainActorSDKGroup(
        framework: "UIKit", group: "view controllers",
        names: ["UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController", "UITabBarController",
                "UIPageViewController", "UISplitViewController", "UISearchController", "UIHostingController"],
        examples: [
            .nearMiss(model("UIKit", "FeedController: UITableViewController, ObservableObject", reported: false)),
            .triggering(model("UIKit", "FeedController: FeedBase, ObservableObject", reported: true)),
        ])
    public static let uiKitProtocols = MainActorSDKGroup(
        framework: "UIKit", group: "delegate and data source protocols",
        names: ["UIScrollViewDelegate", "UITableViewDelegate", "UITableViewDataSource", "UICollectionViewDelegate", "UICollectionViewDataSource",
                "UICollectionViewDelegateFlowLayout", "UITextFieldDelegate", "UITextViewDelegate", "UISearchBarDelegate", "UISearchResultsUpdating",
                "UISearchControllerDelegate", "UIGestureRecognizerDelegate", "UINavigationControllerDelegate", "UITabBarControllerDelegate",
                "UIPageViewControllerDelegate", "UIPageViewControllerDataSource", "UIAdaptivePresentationControllerDelegate",
                "UIPopoverPresentationControllerDelegate", "UIPickerViewDelegate", "UIPickerViewDataSource", "UIDocumentPickerDelegate",
                "UIImagePickerControllerDelegate", "UIContextMenuInteractionDelegate", "UIDropInteractionDelegate", "UIDragInteractionDelegate",
                "UIViewControllerTransitioningDelegate", "UIColorPickerViewControllerDelegate", "UISheetPresentationControllerDelegate"],
        examples: [
            .nearMiss(model("UIKit", "PickerModel: NSObject, ObservableObject, UIImagePickerControllerDelegate", reported: false)),
            .triggering(model("UIKit", "PickerModel: NSObject, ObservableObject, URLSessionDelegate", reported: true)),
        ])
    public static let appKitClasses = MainActorSDKGroup(
        framework: "AppKit", group: "the application, windows, views, controls and documents",
        names: ["NSResponder", "NSApplication", "NSView", "NSViewController", "NSWindow", "NSWindowController", "NSDocument", "NSDocumentController",
                "NSPopover", "NSMenu", "NSControl", "NSButton", "NSTextField", "NSTextView", "NSScrollView", "NSTableView", "NSOutlineView",
                "NSTableCellView", "NSCollectionView", "NSCollectionViewItem", "NSSplitViewController", "NSTabViewController", "NSPanel",
                "NSHostingView", "NSHostingController", "NSGestureRecognizer"],
        examples: [
            .nearMiss(model("AppKit", "Document: NSDocument, ObservableObject", reported: false)),
            .triggering(model("AppKit", "Document: NSObject, ObservableObject", reported: true)),
        ])
    public static let appKitProtocols = MainActorSDKGroup(
        framework: "AppKit", group: "the app delegate, delegate and data source protocols",
        names: ["NSApplicationDelegate", "NSWindowDelegate", "NSTableViewDelegate", "NSTableViewDataSource", "NSOutlineViewDelegate",
                "NSOutlineViewDataSource", "NSTextFieldDelegate", "NSTextViewDelegate", "NSTextDelegate", "NSControlTextEditingDelegate",
                "NSToolbarDelegate", "NSPopoverDelegate", "NSMenuDelegate", "NSPathControlDelegate", "NSSearchFieldDelegate",
                "NSCollectionViewDelegate", "NSCollectionViewDataSource", "NSSplitViewDelegate", "NSGestureRecognizerDelegate", "NSTabViewDelegate"],
        examples: [
            .nearMiss(model("AppKit", "WindowModel: NSObject, ObservableObject, NSWindowDelegate", reported: false)),
            .triggering(model("AppKit", "WindowModel: NSObject, ObservableObject, NSFilePresenter", reported: true)),
        ])
    public static let webKit = MainActorSDKGroup(
        framework: "WebKit", group: "the web view and its delegate protocols",
        names: ["WKWebView", "WKNavigationDelegate", "WKUIDelegate", "WKScriptMessageHandler", "WKDownloadDelegate"],
        examples: [
            .nearMiss(model("WebKit", "BrowserModel: NSObject, ObservableObject, WKNavigationDelegate", reported: false)),
            .triggering(model("WebKit", "BrowserModel: NSObject, ObservableObject, WKHTTPCookieStoreObserver", reported: true)),
        ])
    public static let watchKit = MainActorSDKGroup(
        framework: "WatchKit", group: "the app and extension objects, their delegates, interface controllers",
        names: ["WKApplication", "WKExtension", "WKApplicationDelegate", "WKExtensionDelegate", "WKInterfaceController", "WKHostingController"],
        examples: [
            .nearMiss(model("WatchKit", "WatchModel: NSObject, ObservableObject, WKApplicationDelegate", reported: false)),
            .triggering(model("WatchKit", "WatchModel: NSObject, ObservableObject, WCSessionDelegate", reported: true)),
        ])

    /// The table as the docs show it.
    public static var table: KnowledgeTable {
        KnowledgeTable(
            id: "main_actor_sdk_types", title: "SDK classes and protocols isolated to the main actor",
            summary: """
            The SDKs declare these `@MainActor`: a class that inherits from one, or adopts one (a conformance stated \
            anywhere in the project counts), is isolated to the main actor without an attribute of its own, and so are its \
            subclasses.
            """,
            columns: ["framework", "what", "classes and protocols"], rows: rows.map(\.documentation), exampleRule: "main_actor_mutation")
    }
}
