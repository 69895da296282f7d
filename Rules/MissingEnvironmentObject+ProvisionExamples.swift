/// Examples of `missing_environment_object`: what a provision provides (an app delegate, stored properties, shared instances, static members, hosts, locals).
import MVILintCore

extension MissingEnvironmentObject {
    static let provisionExamples: [RuleExample] = [
        // A library container handed the model (`StoreProvider(store: store) { … }`) may put it into
        // its content's environment: a value it is given counts as provided.
        // The delegate that an app's adaptor makes is in every scene's environment; another
        // object is not.
        .triggering(files: [
            "DemoApp.swift": """
            final class AppDelegate: NSObject, UIApplicationDelegate, ObservableObject {
                @Published private(set) var token = ""
            }
            @main
            struct DemoApp: App {
                @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
                var body: some Scene { WindowGroup { TokenView() } }
            }
            """,
            "TokenView.swift": """
            struct TokenView: View {
                @EnvironmentObject private var appDelegate: AppDelegate
                @EnvironmentObject private var ↓session: SessionStore
                var body: some View { Text(appDelegate.token) }
            }
            """,
        ]),
        .nonTriggering(files: [
            "JournalApp.swift": """
            let journal = JournalStore()

            @main
            struct JournalApp: App {
                @StateObject private var settings = SettingsStore()
                var body: some Scene {
                    WindowGroup {
                        ModelHost(journal) { EntryList() }
                        StateContainer(settings: settings, animated: true) { SettingsPane() }
                    }
                }
            }
            """,
            "Panes.swift": """
            struct EntryList: View {
                @EnvironmentObject var journal: JournalStore
                var body: some View { Text("\\(journal.count)") }
            }
            struct SettingsPane: View {
                @EnvironmentObject var settings: SettingsStore
                var body: some View { Text("Settings") }
            }
            final class JournalStore: ObservableObject { @Published private(set) var count = 0 }
            final class SettingsStore: ObservableObject {}
            """,
        ]),
        .nonTriggering(files: [
            "ShopApp.swift": """
            @main
            struct ShopApp: App {
                @StateObject private var session = SessionStore()
                var body: some Scene {
                    WindowGroup {
                        NavigationStack { ProfileView() }
                            .environmentObject(session)
                    }
                }
            }
            final class SessionStore: ObservableObject { static let preview = SessionStore() }
            """,
            "ProfileView.swift": """
            struct ProfileView: View {
                @EnvironmentObject private var session: SessionStore
                @State private var showsHelp = false
                var body: some View {
                    NavigationLink("Settings") { SettingsView() }
                        .sheet(isPresented: $showsHelp) { HelpView() }
                }
            }
            struct SettingsView: View {
                @EnvironmentObject var session: SessionStore
                var body: some View { Text("Settings") }
            }
            struct HelpView: View {
                @EnvironmentObject var session: SessionStore
                var body: some View { Text("Help") }
            }
            #Preview {
                ProfileView().environmentObject(SessionStore.preview)
            }
            """,
        ]),
        .nonTriggering("""
        struct OrphanView: View {
            @EnvironmentObject var cart: CartStore
            var body: some View { Text("Never constructed") }
        }

        struct ThemedLabel: View {
            @EnvironmentObject var theme: ThemeStore
            var body: some View { Text("") }
        }
        struct Card<Content: View>: View {
            @StateObject private var theme = ThemeStore()
            let content: Content
            var body: some View { content.environmentObject(theme) }
        }
        struct FeedView: View {
            @StateObject private var cart = CartStore()
            var body: some View {
                NavigationStack { list }
                    .environmentObject(cart)
            }
            private var list: some View {
                List { CartRow() }
            }
        }
        struct CartRow: View {
            @EnvironmentObject var cart: CartStore
            @Environment(SettingsModel.self) private var settings: SettingsModel?
            var body: some View { Text("") }
        }
        extension View {
            func withAppEnvironment() -> some View { environmentObject(AppModel.shared) }
            func themed() -> some View { modifier(ProvideTheme()) }
            func themedByFactory() -> some View { modifier(ProvideTheme.standard()) }
        }
        struct ProvideTheme: ViewModifier {
            static func standard() -> ProvideTheme { ProvideTheme() }
            @StateObject private var theme = ThemeStore()
            func body(content: Content) -> some View { content.environmentObject(theme) }
        }
        struct AccountView: View {
            @EnvironmentObject var app: AppModel
            var body: some View { Text("") }
        }
        #Preview {
            VStack {
                Card(content: ThemedLabel())
                FeedView()
                AccountView().withAppEnvironment()
                ThemedLabel().environmentObject(makeTheme())
                ThemedLabel().themed()
                ThemedLabel().themedByFactory()
                ThemedLabel().modifier(ProvideTheme())
            }
        }
        final class CartStore: ObservableObject {}
        final class ThemeStore: ObservableObject {}
        final class AppModel: ObservableObject { static let shared = AppModel() }
        @Observable final class SettingsModel {}
        """),
        .nonTriggering(files: [
            "HomeView.swift": """
            struct HomeView: View {
                var body: some View { Row() }
            }
            private struct Row: View {
                var body: some View { Text("Home") }
            }
            #Preview { HomeView() }
            """,
            "CartView.swift": """
            struct CartView: View {
                @StateObject private var cart = CartStore()
                var body: some View { Row().environmentObject(cart) }
            }
            private struct Row: View {
                @EnvironmentObject var cart: CartStore
                var body: some View { Text("Cart") }
            }
            #Preview { CartView() }
            """,
            "Root.swift": """
            struct Root<S: ObservableObject>: View {
                @ObservedObject var store: S
                var body: some View { Child().environmentObject(store) }
            }
            struct Child: View {
                @EnvironmentObject var store: CartStore
                var body: some View { Text("") }
            }
            #Preview { Root(store: CartStore()) }
            final class CartStore: ObservableObject {}
            """,
        ]),
        // A stored property of a provided object provides its declared type, and only that.
        .triggering(files: [
            "ShopApp.swift": """
            @main
            struct ShopApp: App {
                @StateObject private var model = AppModel()
                var body: some Scene {
                    WindowGroup { RootView().environmentObject(model.session) }
                }
            }
            final class AppModel: ObservableObject {
                let session = SessionStore()
                let cart: CartStore
                init() { cart = CartStore() }
            }
            final class SessionStore: ObservableObject {}
            final class CartStore: ObservableObject {}
            """,
            "RootView.swift": """
            struct RootView: View {
                @EnvironmentObject var session: SessionStore
                var body: some View { CartBadge() }
            }
            struct CartBadge: View {
                @EnvironmentObject var ↓cart: CartStore
                var body: some View { Text("") }
            }
            """,
        ]),
        // A stored property of a shared instance provides its declared type; a method's result
        // is not known, so it may be anything.
        .nonTriggering("""
        final class NoteListModel: ObservableObject {}
        final class AppServices: ObservableObject {
            static let shared = AppServices()
            let listModel = NoteListModel()
            func makeListModel() -> NoteListModel { NoteListModel() }
        }
        struct NoteListView: View {
            @EnvironmentObject private var model: NoteListModel
            var body: some View { Text("") }
        }
        struct NoteEditorView: View {
            @EnvironmentObject private var model: NoteListModel
            var body: some View { Text("") }
        }
        #Preview("list") { NoteListView().environmentObject(AppServices.shared.listModel) }
        #Preview("editor") { NoteEditorView().environmentObject(AppServices.shared.makeListModel()) }
        """),
        // A static member provides its declared type (the shared instance of a model, that
        // model); a static method's result may be anything.
        .nonTriggering("""
        final class Store<S, A>: ObservableObject { init(initial: S) {} }
        typealias CounterStore = Store<CounterState, CounterAction>
        final class Fixtures: ObservableObject {
            static let counter: CounterStore = Store(initial: CounterState())
            static func counter(value: Int) -> CounterStore { Store(initial: CounterState()) }
        }
        struct CounterView: View {
            @EnvironmentObject var store: CounterStore
            var body: some View { Text("") }
        }
        struct CounterView_Previews: PreviewProvider {
            static var previews: some View {
                let store = Fixtures.counter
                CounterView().environmentObject(store)
                CounterView().environmentObject(Fixtures.counter)
                CounterView().environmentObject(Fixtures.counter(value: 3))
            }
        }
        """),
        .triggering("""
        final class CartStore: ObservableObject {}
        final class SessionStore: ObservableObject {}
        enum Mocks { static let cart = CartStore() }
        struct AccountView: View {
            @EnvironmentObject var ↓session: SessionStore
            var body: some View { Text("") }
        }
        #Preview { AccountView().environmentObject(Mocks.cart) }
        """),
        // A view extension that wraps the view in a host (`RootView { self }`) gives it what the
        // host applies to its content, and only that.
        .nonTriggering(files: [
            "RootView.swift": """
            struct RootView<Content: View>: View {
                @StateObject private var player = PlayerModel()
                private let content: Content
                init(@ViewBuilder content: () -> Content) { self.content = content() }
                var body: some View { content.environmentObject(player) }
            }
            extension View {
                func inRootView() -> some View { RootView { self } }
            }
            final class PlayerModel: ObservableObject {}
            """,
            "NowPlayingView.swift": """
            struct NowPlayingView: View {
                @EnvironmentObject var player: PlayerModel
                var body: some View { Text("") }
            }
            #Preview { NowPlayingView().inRootView() }
            """,
            "ShellView.swift": """
            struct ShellView: View {
                var body: some View {
                    RootView { mainArea() }
                }
                private func mainArea() -> some View { NowPlayingView() }
            }
            #Preview { ShellView() }
            """,
        ]),
        .triggering(files: [
            "RootView.swift": """
            struct RootView<Content: View>: View {
                @StateObject private var player = PlayerModel()
                private let content: Content
                init(@ViewBuilder content: () -> Content) { self.content = content() }
                var body: some View { content.environmentObject(player) }
            }
            extension View {
                func inRootView() -> some View { RootView { self } }
            }
            final class PlayerModel: ObservableObject {}
            final class SettingsModel: ObservableObject {}
            """,
            "SettingsView.swift": """
            struct SettingsView: View {
                @EnvironmentObject var player: PlayerModel
                @EnvironmentObject var ↓settings: SettingsModel
                var body: some View { Text("") }
            }
            #Preview { SettingsView().inRootView() }
            """,
        ]),
        // A host that wraps the content it is given in another view (`self.content()` inside
        // `Shell { }`) and provides an object to that wrapper provides it to the content; a host
        // that applies something else does not.
        .triggering(files: [
            "Hosts.swift": """
            @MainActor @Observable final class Router {
                private(set) var depth = 0
            }
            @MainActor @Observable final class Theme {}
            struct Shell<Content: View>: View {
                let content: () -> Content
                var body: some View { NavigationStack { content() } }
            }
            struct PreviewHost<Content: View>: View {
                @State private var router = Router()
                let content: () -> Content
                var body: some View {
                    Shell {
                        self.content()
                    }
                    .environment(router)
                }
            }
            struct PaddedHost<Content: View>: View {
                let content: () -> Content
                var body: some View {
                    Shell {
                        self.content()
                    }
                    .padding()
                }
            }
            """,
            "SettingsScreen.swift": """
            struct SettingsScreen: View {
                @Environment(Router.self) private var router
                var body: some View { Text("\\(router.depth)") }
            }
            #Preview { PreviewHost { SettingsScreen() } }
            """,
            "ThemeScreen.swift": """
            struct ThemeScreen: View {
                @Environment(Theme.self) private var ↓theme
                var body: some View { Text("Theme") }
            }
            #Preview { PaddedHost { ThemeScreen() } }
            """,
        ]),
        // A member of a new instance is what is provided (`Bootstrap().cart` is a `CartStore`)…
        .nonTriggering("""
        final class CartStore: ObservableObject {
            @Published private(set) var count = 0
        }
        final class Bootstrap {
            let cart = CartStore()
        }
        struct CartView: View {
            @EnvironmentObject private var cart: CartStore
            var body: some View { Text("\\(cart.count)") }
        }
        #Preview { CartView().environmentObject(Bootstrap().cart) }
        """),
        // …while the new instance itself is a `Bootstrap`.
        .triggering("""
        final class CartStore: ObservableObject {
            @Published private(set) var count = 0
        }
        final class Bootstrap: ObservableObject {
            let cart = CartStore()
        }
        struct CartView: View {
            @EnvironmentObject private var ↓cart: CartStore
            var body: some View { Text("\\(cart.count)") }
        }
        #Preview { CartView().environmentObject(Bootstrap()) }
        """),
        // A local `var footer: some View { … }` and a view type declared in a preview are not
        // constructions of `View`, which would reach what every `extension View` builds…
        .nonTriggering("""
        @MainActor @Observable final class Location {}
        struct OnboardingGate: ViewModifier {
            @Environment(Location.self) private var location
            func body(content: Content) -> some View { content }
        }
        extension View {
            func withOnboarding() -> some View { modifier(OnboardingGate()) }
        }
        struct ShareCard: View {
            var body: some View {
                var footer: some View { Text("Footer") }
                return footer
            }
        }
        #Preview { ShareCard() }
        #Preview {
            struct Wrapper: View {
                var body: some View { ShareCard() }
            }
            return Wrapper()
        }
        """),
        // …while what such a local property builds is built by the view.
        .triggering("""
        @MainActor @Observable final class Location {}
        struct LocationBadge: View {
            @Environment(Location.self) private var ↓location
            var body: some View { Text("Here") }
        }
        struct ShareCard: View {
            var body: some View {
                var footer: some View { LocationBadge() }
                return footer
            }
        }
        #Preview { ShareCard() }
        """),
    ]
}
