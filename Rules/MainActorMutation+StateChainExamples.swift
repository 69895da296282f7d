/// Examples of `main_actor_mutation`: publisher chains from observable state, which deliver where it is written.
import MVILintCore

extension MainActorMutation {
    static let stateChainExamples: [RuleExample] = [
        // State derived from the model's own `@Published` state through synchronous operators is
        // written where that state is written; a chain through `flatMap` is not.
        .nonTriggering("""
        final class SignupModel: ObservableObject {
            @Published var email = ""
            @Published private(set) var isValid = false
            @Published private(set) var hint: String?
            private var bag = Set<AnyCancellable>()
            init() {
                $email
                    .removeDuplicates()
                    .map { $0.contains("@") }
                    .assign(to: \\.isValid, on: self)
                    .store(in: &bag)
                self.$isValid
                    .sink { [weak self] ok in self?.hint = ok ? nil : "Enter an address" }
                    .store(in: &bag)
            }
        }
        """),
        .triggering("""
        final class HandleModel: ObservableObject {
            @Published var handle = ""
            @Published private(set) var isTaken = false
            private var bag = Set<AnyCancellable>()
            init(api: HandleAPI) {
                $handle
                    .flatMap { api.isTaken($0) }
                    .assign(to: \\.↓isTaken, on: self)
                    .store(in: &bag)
            }
        }
        """),
        // A project operator that only maps passes values on where they arrive, as `map` does;
        // one that hands them to another queue does not.
        .nonTriggering("""
        extension Publisher where Output == String {
            func validationMessage(_ rule: Rule) -> AnyPublisher<String?, Failure> {
                map { rule.check($0) }.eraseToAnyPublisher()
            }
        }
        final class SignInForm: ObservableObject {
            @Published var email = ""
            @Published private(set) var emailHint: String?
            init() { $email.validationMessage(.email).assign(to: &$emailHint) }
        }
        """),
        .triggering("""
        extension Publisher where Output == String {
            func checkedInBackground(_ rule: Rule) -> AnyPublisher<String?, Failure> {
                receive(on: DispatchQueue.global()).map { rule.check($0) }.eraseToAnyPublisher()
            }
        }
        final class SignInForm: ObservableObject {
            @Published var email = ""
            @Published private(set) var emailHint: String?
            init() { $email.checkedInBackground(.email).assign(to: &↓$emailHint) }
        }
        """),
        // Another model's state reached from a shared instance through stored properties starts
        // the chain where it is written; a subject reached so does not.
        .triggering("""
        final class Setting<Value: Equatable>: ObservableObject {
            @Published var value: Value
            init(_ value: Value) { self.value = value }
        }
        final class Settings {
            static let shared = Settings()
            let alertsOn = Setting(false)
            let changes = PassthroughSubject<Bool, Never>()
        }
        final class AlertsModel: ObservableObject {
            @Published private(set) var enabled = false
            @Published private(set) var changed = false
            init() {
                Settings.shared.alertsOn.$value.assign(to: &$enabled)
                Settings.shared.changes.assign(to: &↓$changed)
            }
        }
        """),
        // The state of another model isolated to the main actor, held by a parameter or a
        // property, through synchronous operators: only the main actor writes it.
        .nonTriggering("""
        @MainActor
        final class PrefsModel: ObservableObject {
            @Published private(set) var host: String?
        }
        final class ConnectionModel: ObservableObject {
            @Published private(set) var target: String?
            @Published private(set) var label = ""
            private let prefs: PrefsModel
            private var bag = Set<AnyCancellable>()
            init(prefs: PrefsModel) {
                self.prefs = prefs
                prefs.$host
                    .removeDuplicates()
                    .sink { [weak self] in self?.target = $0 }
                    .store(in: &bag)
            }
            func follow() {
                self.prefs.$host.map { $0 ?? "none" }.sink { [weak self] in self?.label = $0 }.store(in: &bag)
            }
        }
        """),
        // The same model reached through a computed property that declares its type, and a project
        // function that returns a timer of the main run loop.
        .nonTriggering("""
        @MainActor
        final class ArchiveSource: ObservableObject {
            @Published private(set) var entries: [String] = []
        }
        final class Merger: ObservableObject {
            private let stored = ArchiveSource()
            private var archive: ArchiveSource { stored }
            @Published private(set) var all: [String] = []
            @Published private(set) var now = Date()
            init() {
                archive.$entries.map { $0 }.assign(to: &$all)
                Self.ticks().assign(to: &$now)
            }
            private static func ticks() -> AnyPublisher<Date, Never> {
                Timer.publish(every: 1, on: .main, in: .common).autoconnect().eraseToAnyPublisher()
            }
        }
        """),
        // When that model is not isolated, the chain still delivers where its state is written,
        // and that write is the one this rule judges (`refresh` here); a chain through an
        // asynchronous operator off the main scheduler is judged on its own.
        .triggering("""
        final class PrefsModel: ObservableObject {
            @Published private(set) var host: String?
            func refresh() async { ↓host = await loadHost() }
        }
        final class ConnectionModel: ObservableObject {
            @Published private(set) var target: String?
            @Published private(set) var settled: String?
            @Published private(set) var hosts: [String?] = []
            private var bag = Set<AnyCancellable>()
            init(prefs: PrefsModel) {
                prefs.$host
                    .removeDuplicates()
                    .sink { [weak self] in self?.target = $0 }
                    .store(in: &bag)
                prefs.$host.map { [$0] }.assign(to: &$hosts)
                prefs.$host
                    .debounce(for: 0.3, scheduler: DispatchQueue.global())
                    .sink { [weak self] in ↓self?.settled = $0 }
                    .store(in: &bag)
            }
        }
        """),
        // The model's own state joined (values arrive where one of them is written), and AppKit's
        // panels and alerts, which call their handlers on the main thread.
        .nonTriggering("""
        final class NotchModel: ObservableObject {
            @Published private(set) var isOpen = false
            @Published private(set) var isHovering = false
            @Published private(set) var isPinned = false
            @Published private(set) var showsShelf = false
            @Published private(set) var summary = ""
            @Published private(set) var picked: [URL] = []
            private var bag = Set<AnyCancellable>()
            init() {
                Publishers.CombineLatest3($isOpen, $isHovering, $isPinned)
                    .map { $0 && ($1 || $2) }
                    .sink { [weak self] in self?.showsShelf = $0 }
                    .store(in: &bag)
                $isOpen.combineLatest($isPinned).sink { [weak self] in self?.summary = "\\($0) \\($1)" }.store(in: &bag)
                $isOpen.combineLatest($isHovering.dropFirst().removeDuplicates()).map { $0 && $1 }.assign(to: &$showsShelf)
                let closed = $isOpen.map { !$0 }.eraseToAnyPublisher()
                let pinned = $isPinned.removeDuplicates()
                Publishers.CombineLatest(closed, pinned).map { $0 && $1 }.assign(to: &$showsShelf)
            }
            func choose(in window: NSWindow) {
                let panel = NSOpenPanel()
                panel.beginSheetModal(for: window) { response in
                    if response == .OK { self.picked = panel.urls }
                }
            }
        }
        """),
        // Not when one of the joined publishers is another object's, or reaches it through an
        // operator that delivers on another queue.
        .triggering("""
        final class NotchModel: ObservableObject {
            @Published private(set) var isOpen = false
            @Published private(set) var isPinned = false
            @Published private(set) var showsShelf = false
            private var bag = Set<AnyCancellable>()
            init(media: MediaController) {
                $isOpen.combineLatest($isPinned.debounce(for: 0.3, scheduler: DispatchQueue.global())).map { $0 && $1 }.assign(to: &↓$showsShelf)
                Publishers.CombineLatest($isOpen, media.$isPlaying)
                    .map { $0 && $1 }
                    .sink { [weak self] in ↓self?.showsShelf = $0 }
                    .store(in: &bag)
            }
        }
        """),
        // A computed property that hands out a model's own publisher (`$phase`) starts the chain
        // there, in the model and in another model that holds it; one that hands out a subject's
        // publisher does not.
        .triggering(files: [
            "CheckoutModel.swift": """
            final class CheckoutModel: ObservableObject {
                @Published private(set) var phase = 0
                @Published private(set) var showsFields = false
                @Published private(set) var showsBanner = false
                private let events = PassthroughSubject<Int, Never>()
                var phasePublisher: Published<Int>.Publisher { $phase }
                var erasedPhase: AnyPublisher<Int, Never> { self.$phase.eraseToAnyPublisher() }
                var eventPublisher: AnyPublisher<Int, Never> { events.eraseToAnyPublisher() }
                init() {
                    phasePublisher.map { $0 == 0 }.assign(to: &$showsFields)
                    eventPublisher.map { $0 > 0 }.assign(to: &↓$showsBanner)
                }
            }
            """,
            "ScreenModel.swift": """
            final class ScreenModel: ObservableObject {
                @Published private(set) var paying = false
                private let checkout: CheckoutModel
                init(checkout: CheckoutModel) {
                    self.checkout = checkout
                    checkout.erasedPhase.map { $0 == 1 }.assign(to: &$paying)
                }
            }
            """,
        ]),
        // A publisher that a protocol requirement hands out is followed to the state of the types
        // that adopt it, when every one of them hands out the same state's publisher.
        .nonTriggering("""
        import Combine
        protocol CounterStoring: AnyObject {
            var countPublisher: AnyPublisher<Int, Never> { get }
        }
        @MainActor
        final class CounterStore: ObservableObject, CounterStoring {
            @Published private(set) var count = 0
            var countPublisher: AnyPublisher<Int, Never> { $count.eraseToAnyPublisher() }
            func bump() { count += 1 }
        }
        final class BadgeViewModel: ObservableObject {
            @Published private(set) var badge = 0
            @Published private(set) var total = 0
            private var backup: (any CounterStoring)?
            init(store: any CounterStoring, backup: (any CounterStoring)?) {
                self.backup = backup
                store.countPublisher.assign(to: &$badge)
                self.backup?.countPublisher.assign(to: &$total)
            }
        }
        """),
        // Another model's state reached through a stored property of a holder runs where that
        // model writes it.
        .nonTriggering("""
        import Combine
        final class SessionState: ObservableObject {
            @Published private(set) var signedIn = false
            func signIn() { signedIn = true }
        }
        final class AppSession {
            let state = SessionState()
        }
        final class RootRouter: ObservableObject {
            @Published private(set) var screen = "login"
            private var bag = Set<AnyCancellable>()
            init(session: AppSession) {
                session.state.$signedIn
                    .sink { [weak self] in self?.screen = $0 ? "home" : "login" }
                    .store(in: &bag)
            }
        }
        """),
    ]
}
