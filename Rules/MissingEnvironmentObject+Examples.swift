/// Examples of `missing_environment_object`.
import MVILintCore

extension MissingEnvironmentObject {
    /// Its examples: which paths reach a view and what previews, modifiers and containers provide on
    /// the way (`provisionExamples`: what a provision provides).
    static let examplesList: [RuleExample] = [
        // Provisions inside a postfix `#if` of a preview's chain, and after its `#endif`, count;
        // a view that no branch provides for is still reported.
        .triggering("""
        final class Prefs: ObservableObject { @Published private(set) var dark = false }
        final class Updater: ObservableObject { @Published private(set) var canCheck = false }
        struct SettingsPane: View {
            @EnvironmentObject private var prefs: Prefs
            @EnvironmentObject private var updater: Updater
            var body: some View { Text(prefs.dark ? "Dark" : "Light") }
        }
        struct AboutPane: View {
            @EnvironmentObject private var prefs: Prefs
            var body: some View { Text(prefs.dark ? "About (dark)" : "About") }
        }
        struct UpdatesPane: View {
            @EnvironmentObject private var ↓updater: Updater
            var body: some View { Text(updater.canCheck ? "Check" : "Wait") }
        }
        #Preview {
            SettingsPane()
                .environmentObject(Prefs())
        #if os(macOS)
                .environmentObject(Updater())
        #else
                .environmentObject(Updater())
        #endif
        }
        #Preview {
            AboutPane()
        #if os(macOS)
                .padding()
        #endif
                .environmentObject(Prefs())
        }
        #Preview {
            UpdatesPane()
        #if DEBUG
            Text("Debug")
        #endif
        }
        """),
        // Spezi's root modifier and preview helper provide the modules the app configures; a
        // project modifier of the same name, in a file that does not import Spezi, is judged by its code.
        .triggering(files: [
            "Modules.swift": """
            @Observable final class WorkoutManager { private(set) var active = false }
            struct WorkoutScreen: View {
                @Environment(WorkoutManager.self) private var manager
                var body: some View { Text(manager.active ? "On" : "Off") }
            }
            struct SummaryScreen: View {
                @Environment(WorkoutManager.self) private var ↓manager
                var body: some View { Text(manager.active ? "Training" : "Rest") }
            }
            """,
            "HealthApp.swift": """
            import Spezi
            import SwiftUI
            @main struct HealthApp: App {
                @UIApplicationDelegateAdaptor(HealthDelegate.self) private var delegate
                var body: some Scene { WindowGroup { WorkoutScreen().spezi(delegate) } }
            }
            #Preview {
                WorkoutScreen().previewWith(standard: HealthStandard()) { WorkoutManager() }
            }
            """,
            "WatchApp.swift": """
            import SwiftUI
            extension View {
                func spezi(_ delegate: AnyObject) -> some View { self }
            }
            struct WatchApp: App {
                let delegate = WatchDelegate()
                var body: some Scene { WindowGroup { SummaryScreen().spezi(delegate) } }
            }
            """,
        ]),
        // A view declared inside a preview shows what it constructs with what the preview applies
        // to it; without a provision, the view it shows still lacks the object.
        .triggering("""
        final class Palette: ObservableObject { @Published private(set) var tint = "blue" }
        struct Badge: View {
            @EnvironmentObject private var palette: Palette
            var body: some View { Text(palette.tint) }
        }
        struct Chip: View {
            @EnvironmentObject private var ↓palette: Palette
            var body: some View { Text(palette.tint) }
        }
        #Preview {
            struct Host: View {
                var body: some View { Badge() }
            }
            return Host().environmentObject(Palette())
        }
        #Preview {
            struct Frame: View {
                var body: some View { Chip() }
            }
            return Frame().padding()
        }
        """),
        // A view extension that hands the view to a method of another type, which applies the
        // objects, provides them; one whose method only pads the view does not.
        .triggering("""
        @Observable final class Settings { private(set) var theme = "dark" }
        @Observable final class Deps {
            let settings = Settings()
            func inject<V: View>(into view: V) -> some View { view.environment(settings) }
            func frame<V: View>(_ view: V) -> some View { view.padding() }
        }
        extension View {
            func injecting(from deps: Deps) -> some View { deps.inject(into: self) }
            func framed(by deps: Deps) -> some View { deps.frame(self) }
        }
        @main
        struct DemoApp: App {
            @State private var deps = Deps()
            var body: some Scene {
                WindowGroup { HomeView().injecting(from: deps) }
            }
        }
        #Preview { DetailView().framed(by: Deps()) }
        struct HomeView: View {
            @Environment(Settings.self) private var settings
            var body: some View { Text(settings.theme) }
        }
        struct DetailView: View {
            @Environment(Settings.self) private var ↓settings
            var body: some View { Text(settings.theme) }
        }
        """),
        // A provision applied to a parenthesised expression reaches all it holds, a popover's
        // content included; a function that applies the object to the content it is given
        // (`previewHost { … }`) provides it like a view extension that does.
        .nonTriggering("""
        @Observable final class Playback { private(set) var title = "Intro" }
        final class Vault: ObservableObject { @Published private(set) var names: [String] = [] }
        struct ChapterRow: View {
            @Environment(Playback.self) private var playback
            var body: some View { Text(playback.title) }
        }
        struct KeyList: View {
            @EnvironmentObject var vault: Vault
            var body: some View { List(vault.names, id: \\.self) { Text($0) } }
        }
        func previewHost(_ make: () -> AnyView) -> some View {
            NavigationStack { make().environmentObject(Vault()) }
        }
        #Preview {
            (
                Color.gray.popover(isPresented: .constant(true)) { ChapterRow() }
            )
            .environment(Playback())
        }
        #Preview {
            previewHost { AnyView(KeyList()) }
        }
        #Preview {
            let order = SortOrder.any

            previewHost { AnyView(KeyList()) }
        }
        #Preview(traits: .landscapeLeft, .sampleVault) {
            KeyList()
        }
        struct KeyList_Previews: PreviewProvider {
            static func seeded() -> some View { KeyList() }
            static var previews: some View { previewHost { AnyView(seeded()) } }
        }
        """),
        .triggering("""
        @Observable final class Playback { private(set) var title = "Intro" }
        final class Vault: ObservableObject { @Published private(set) var names: [String] = [] }
        struct ChapterRow: View {
            @Environment(Playback.self) private var ↓playback
            var body: some View { Text(playback.title) }
        }
        struct KeyList: View {
            @EnvironmentObject var ↓vault: Vault
            var body: some View { List(vault.names, id: \\.self) { Text($0) } }
        }
        func previewHost(_ make: () -> AnyView) -> some View {
            NavigationStack { make().padding() }
        }
        #Preview {
            (
                Color.gray.popover(isPresented: .constant(true)) { ChapterRow() }
            )
            .padding()
        }
        #Preview {
            previewHost { AnyView(KeyList()) }
        }
        """),
        // An object typed by an alias declared once per `#if` branch is one of its targets: it may
        // provide what the view reads.
        .nonTriggering(files: [
            "Hub.swift": """
            class HubData: ObservableObject { @Published private(set) var items: [String] = [] }
            final class RemoteHubData: HubData {}
            \(SharedExamples.hubDataTypeAlias)
            """,
            "Screens.swift": """
            @main
            struct HubApp: App {
                var body: some Scene { WindowGroup { HostView(data: RemoteHubData()) } }
            }
            struct HostView: View {
                let data: DataType
                var body: some View { RemotePane().environmentObject(data) }
            }
            struct RemotePane: View {
                @EnvironmentObject private var data: RemoteHubData
                var body: some View { Text("\\(data.items.count)") }
            }
            """,
        ]),
        // A preview provider's static helper builds the view; the project modifier that `previews`
        // applies around it provides the objects.
        .nonTriggering("""
        final class BasketModel: ObservableObject { @Published private(set) var count = 0 }
        struct BasketBadge: View {
            @EnvironmentObject var basket: BasketModel
            var body: some View { Text("\\(basket.count)") }
        }
        struct PreviewSetup: ViewModifier {
            func body(content: Content) -> some View { content.environmentObject(BasketModel()) }
        }
        extension View {
            func previewSetup() -> some View { modifier(PreviewSetup()) }
        }
        struct BasketBadge_Previews: PreviewProvider {
            static func makeBadge() -> some View { BasketBadge() }
            static var previews: some View {
                VStack { makeBadge() }.previewSetup()
            }
        }
        """),
        // Only the first view on the path that reads the object is reported: it crashes before
        // the views below it appear. An optional read does not crash, so it shields nothing.
        .triggering(files: [
            "NotesApp.swift": """
            final class Session: ObservableObject {}
            @Observable final class Theme {}

            @main
            struct NotesApp: App {
                var body: some Scene {
                    WindowGroup { NotesRoot() }
                }
            }
            """,
            "NotesRoot.swift": """
            struct NotesRoot: View {
                @EnvironmentObject var ↓session: Session
                @Environment(Theme.self) private var theme: Theme?
                var body: some View { NoteList() }
            }
            struct NoteList: View {
                @EnvironmentObject var session: Session
                @Environment(Theme.self) private var ↓theme
                var body: some View { Text("Notes") }
            }
            """,
        ]),
        .triggering(files: [
            "ShopApp.swift": """
            @main
            struct ShopApp: App {
                @StateObject private var session = SessionStore()
                var body: some Scene {
                    WindowGroup {
                        RootView()
                            .environmentObject(session)
                    }
                }
            }
            """,
            "RootView.swift": """
            struct RootView: View {
                @EnvironmentObject var session: SessionStore
                @State private var showsCart = false
                var body: some View {
                    NavigationStack { HomeView() }
                        .sheet(isPresented: $showsCart) { MiniCartView() }
                }
            }
            struct HomeView: View {
                var body: some View { Text("Home") }
            }
            """,
            "MiniCartView.swift": """
            struct MiniCartView: View {
                @EnvironmentObject var ↓cart: CartStore
                @EnvironmentObject private var session: SessionStore
                var body: some View { Text(cart.title) }
            }
            #Preview {
                MiniCartView()
                    .environmentObject(CartStore())
                    .environmentObject(SessionStore.preview)
            }
            """,
            "Models.swift": """
            final class SessionStore: ObservableObject { static let preview = SessionStore() }
            final class CartStore: ObservableObject { @Published private(set) var title = "" }
            """,
        ]),
        .triggering(files: [
            "Settings.swift": """
            @Observable
            final class SettingsModel { var darkMode = false }

            struct SettingsView: View {
                @Environment(SettingsModel.self) private var ↓settings
                @Environment(\\.dismiss) private var dismiss
                var body: some View { Toggle("Dark", isOn: .constant(settings.darkMode)) }
            }
            """,
            "SettingsCoordinator.swift": """
            final class SettingsCoordinator {
                let settings = SettingsModel()
                func makeController() -> UIViewController {
                    UIHostingController(rootView: SettingsView())
                }
            }
            """,
        ]),
        .triggering("""
        struct ParentView: View {
            @StateObject private var store = CartStore()
            var body: some View {
                VStack {
                    BadgeView().environmentObject(store)
                    SummaryView()
                }
            }
        }
        struct BadgeView: View {
            @EnvironmentObject var store: CartStore
            var body: some View { Text("") }
        }
        struct SummaryView: View {
            @EnvironmentObject var ↓store: CartStore
            var body: some View { Text("") }
        }
        #Preview {
            ParentView()
        }
        final class CartStore: ObservableObject {}
        """),
        // A container the project declares is judged by its own code, not by its arguments; a
        // library container given no model provides nothing.
        .triggering(files: [
            "DashboardApp.swift": """
            @main
            struct DashboardApp: App {
                @StateObject private var feed = FeedStore()
                var body: some Scene {
                    WindowGroup {
                        Banner(title: "Today", style: .compact) { FeedList() }
                        Card(feed: feed) { TopicList() }
                    }
                }
            }
            struct Card<Content: View>: View {
                @ObservedObject var feed: FeedStore
                @ViewBuilder var content: Content
                var body: some View { content.padding() }
            }
            """,
            "Lists.swift": """
            struct FeedList: View {
                @EnvironmentObject var ↓feed: FeedStore
                var body: some View { Text("\\(feed.count)") }
            }
            struct TopicList: View {
                @EnvironmentObject var ↓feed: FeedStore
                var body: some View { Text("Topics") }
            }
            final class FeedStore: ObservableObject { @Published private(set) var count = 0 }
            """,
        ]),
    ] + provisionExamples
}
