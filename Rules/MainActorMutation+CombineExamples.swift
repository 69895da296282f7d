/// Examples of `main_actor_mutation`: Combine and RxSwift schedulers, subscribers and operators.
import MVILintCore

extension MainActorMutation {
    static let combineExamples: [RuleExample] = [
        // A timer of the main run loop delivers on the main thread, as `receive(on:)` would.
        .nonTriggering("""
        final class Clock: ObservableObject {
            @Published private(set) var now = Date()
            private var ticks: AnyCancellable?
            init() {
                ticks = Timer.publish(every: 1, on: .main, in: .common)
                    .autoconnect()
                    .sink { [weak self] in self?.now = $0 }
            }
        }
        """),
        // A timer of the main run loop kept in a stored property, and subscribed later.
        .nonTriggering("""
        final class Ticker: ObservableObject {
            @Published private(set) var elapsed = 0.0
            private let ticks: Timer.TimerPublisher
            private var subscription: AnyCancellable?
            init() {
                ticks = Timer.publish(every: 0.5, on: .main, in: .default)
            }
            func begin() {
                subscription = ticks.autoconnect().sink { [weak self] _ in self?.elapsed += 0.5 }
            }
        }
        """),
        // One that is sometimes given a timer of another run loop is not known to deliver on main.
        .triggering("""
        final class Ticker: ObservableObject {
            @Published private(set) var elapsed = 0.0
            private var ticks = Timer.publish(every: 0.5, on: .main, in: .default)
            private var subscription: AnyCancellable?
            func begin(on loop: RunLoop) {
                ticks = Timer.publish(every: 0.5, on: loop, in: .default)
                subscription = self.ticks.autoconnect().sink { [weak self] _ in ↓self?.elapsed += 0.5 }
            }
        }
        """),
        // RxSwift's time operators on `MainScheduler` deliver on the main thread.
        .nonTriggering("""
        import RxSwift
        final class BannerModel: ObservableObject {
            @Published private(set) var visible = false
            @Published private(set) var ticks = 0
            private let bag = DisposeBag()
            init() {
                Observable.just(()).delay(.seconds(2), scheduler: MainScheduler.instance)
                    .subscribe(onNext: { [weak self] in self?.visible = true }).disposed(by: bag)
                Observable<Int>.interval(.seconds(1), scheduler: MainScheduler.instance)
                    .subscribe(onNext: { [weak self] n in self?.ticks = n }).disposed(by: bag)
            }
        }
        """),
        // A time operator on the main scheduler delivers there.
        .nonTriggering("""
        final class TypeaheadModel: ObservableObject {
            @Published var text = ""
            @Published private(set) var settled = ""
            private var bag = Set<AnyCancellable>()
            init() {
                $text
                    .debounce(for: .milliseconds(250), scheduler: DispatchQueue.main)
                    .sink { [weak self] in self?.settled = $0 }
                    .store(in: &bag)
                $text.throttle(for: 1, scheduler: RunLoop.main, latest: true).sink { [weak self] in self?.settled = $0 }.store(in: &bag)
            }
        }
        """),
        // The last scheduling operator before `sink` decides.
        .triggering("""
        final class TypeaheadModel: ObservableObject {
            @Published var text = ""
            @Published private(set) var settled = ""
            private var bag = Set<AnyCancellable>()
            private let work = DispatchQueue(label: "typeahead")
            init() {
                $text
                    .receive(on: DispatchQueue.main)
                    .debounce(for: .milliseconds(250), scheduler: work)
                    .sink { [weak self] in ↓self?.settled = $0 }
                    .store(in: &bag)
                $text.delay(for: 1, scheduler: DispatchQueue.main).receive(on: work).sink { [weak self] in ↓self?.settled = $0 }.store(in: &bag)
            }
        }
        """),
        // A chain held in a local before its subscriber starts where the local's value does: at
        // the model's own state, or after a `receive(on:)` to the main queue; a local from
        // another publisher is judged as any other.
        .triggering("""
        final class FormModel: ObservableObject {
            @Published var first = ""
            @Published var second = ""
            @Published private(set) var messages: [String] = []
            @Published private(set) var latest = ""
            private var bag = Set<AnyCancellable>()
            init(source: PassthroughSubject<String, Never>) {
                let validation = Publishers.CombineLatest($first, $second)
                    .map { $0 == $1 ? [] : ["Values must match."] }
                    .share()
                validation.assign(to: \\.messages, on: self).store(in: &bag)
                let onMain = source.receive(on: DispatchQueue.main)
                onMain.sink { [weak self] in self?.latest = $0 }.store(in: &bag)
                let raw = source.map { $0.uppercased() }
                raw.sink { [weak self] in ↓self?.latest = $0 }.store(in: &bag)
            }
        }
        """),
        // The main queue named through a local or a stored constant (for a `sink` and an `assign`
        // alike), `collect(.byTime(…))` on it, RxSwift's `observeOn(MainScheduler.instance)` and a
        // `Driver`: on the main thread. Another scheduler is not.
        .triggering("""
        final class SeedsModel: ObservableObject {
            @Published private(set) var names: [String] = []
            @Published private(set) var count = 0
            @Published private(set) var batches: [[String]] = []
            private let uiQueue = DispatchQueue.main
            private let work = DispatchQueue(label: "work")
            private var bag = Set<AnyCancellable>()
            private let disposeBag = DisposeBag()
            init(source: AnyPublisher<String, Never>, amounts: Observable<Int>) {
                let q = DispatchQueue.main
                source.receive(on: q).sink { [weak self] in self?.names.append($0) }.store(in: &bag)
                source.receive(on: uiQueue).sink { [weak self] _ in self?.count += 1 }.store(in: &bag)
                source.collect(.byTime(DispatchQueue.main, .seconds(1))).sink { [weak self] in self?.batches.append($0) }.store(in: &bag)
                source.receive(on: work).sink { [weak self] _ in ↓self?.count -= 1 }.store(in: &bag)
                source.map { [$0] }.receive(on: uiQueue).assign(to: &$names)
                source.map { [[$0]] }.receive(on: q).assign(to: \\.batches, on: self).store(in: &bag)
                source.map { [[$0]] }.receive(on: work).assign(to: &↓$batches)
                amounts.observeOn(MainScheduler.instance).subscribe(onNext: { [weak self] in self?.count = $0 }).disposed(by: disposeBag)
                amounts.asDriver(onErrorJustReturn: 0).drive(onNext: { [weak self] in self?.count = $0 }).disposed(by: disposeBag)
                amounts.observe(on: ConcurrentDispatchQueueScheduler(qos: .utility)).subscribe(onNext: { [weak self] in ↓self?.count = $0 }).disposed(by: disposeBag)
            }
        }
        """).messages([
            "`count` is observable state of `SeedsModel` and is mutated off the main actor (inside a Combine `sink` with no `receive(on:)` to the main queue upstream); isolate `SeedsModel` with `@MainActor` or hop to the main actor first",
            "`batches` is observable state of `SeedsModel` and is mutated off the main actor (by a Combine `assign` with no `receive(on:)` to the main queue upstream); isolate `SeedsModel` with `@MainActor` or hop to the main actor first",
            "`count` is observable state of `SeedsModel` and is mutated off the main actor (inside a completion handler passed to `subscribe`); isolate `SeedsModel` with `@MainActor` or hop to the main actor first",
        ]),
        // A `Future`'s closure runs at once, where the future is made, and `handleEvents`'s
        // `receiveSubscription` when the chain is subscribed, where the subscribing code runs,
        // unless `subscribe(on:)` moves the subscription.
        .triggering("""
        final class ListModel: ObservableObject {
            @Published private(set) var isBusy = false
            @Published private(set) var isEmpty = false
            private var bag = Set<AnyCancellable>()
            func reload(_ load: AnyPublisher<[String], Error>) {
                _ = Future<Int, Never> { [weak self] promise in
                    self?.isEmpty = true
                    promise(.success(0))
                }
                load.handleEvents(receiveSubscription: { [weak self] _ in self?.isBusy = true })
                    .receive(on: DispatchQueue.main)
                    .sink(receiveCompletion: { [weak self] _ in self?.isBusy = false }, receiveValue: { [weak self] in self?.isEmpty = $0.isEmpty })
                    .store(in: &bag)
                load.handleEvents(receiveSubscription: { [weak self] _ in ↓self?.isBusy = true })
                    .subscribe(on: DispatchQueue.global())
                    .receive(on: DispatchQueue.main)
                    .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
                    .store(in: &bag)
            }
        }
        """),
        // A scheduler injected for tests whose default is the main queue is the main queue (a
        // parameter, or a property that every initializer sets from one); another default is not.
        .triggering("""
        import CombineSchedulers
        final class BadgeModel: ObservableObject {
            @Published private(set) var count = 0
            @Published private(set) var total = 0
            let counts = PassthroughSubject<Int, Never>()
            private let mainScheduler: AnySchedulerOf<DispatchQueue>
            private let workScheduler: AnySchedulerOf<DispatchQueue>
            private var bag = Set<AnyCancellable>()
            init(mainScheduler: AnySchedulerOf<DispatchQueue> = .main,
                 workScheduler: AnySchedulerOf<DispatchQueue> = DispatchQueue.global().eraseToAnyScheduler()) {
                self.mainScheduler = mainScheduler
                self.workScheduler = workScheduler
                counts.receive(on: mainScheduler).sink { [weak self] in self?.count = $0 }.store(in: &bag)
            }
            func refresh(on scheduler: AnySchedulerOf<DispatchQueue> = .main, env: SchedulerProviding) {
                counts.receive(on: self.mainScheduler).sink { [weak self] in self?.total = $0 }.store(in: &bag)
                counts.receive(on: env.mainScheduler).sink { [weak self] in self?.total = $0 }.store(in: &bag)
                counts.receive(on: scheduler).sink { [weak self] in self?.count = $0 }.store(in: &bag)
                counts.receive(on: workScheduler).sink { [weak self] in ↓self?.total = $0 }.store(in: &bag)
            }
        }
        """),
        // swift-dependencies' main schedulers (`@Dependency(\\.mainQueue)`, `\\.mainRunLoop`) are
        // the main queue and run loop; another dependency's scheduler is not.
        .triggering("""
        import Dependencies
        final class ClockModel: ObservableObject {
            @Published private(set) var ticks = 0
            @Published private(set) var latest = 0
            @Dependency(\\.mainRunLoop) var mainRunLoop
            @Dependency(\\.mainQueue) var mainQueue
            @Dependency(\\.backgroundQueue) var backgroundQueue
            private var bag = Set<AnyCancellable>()
            init(source: AnyPublisher<Int, Never>) {
                mainRunLoop.schedule(after: mainRunLoop.now, interval: .seconds(60)) { [weak self] in self?.ticks += 1 }.store(in: &bag)
                mainQueue.schedule { [weak self] in self?.ticks = 0 }
                source.receive(on: mainQueue).sink { [weak self] in self?.latest = $0 }.store(in: &bag)
                source.receive(on: backgroundQueue).sink { [weak self] in ↓self?.latest = $0 }.store(in: &bag)
            }
        }
        """),
        // Combine's `assign` writes the property where the publisher delivers.
        .triggering("""
        final class FeedModel: ObservableObject {
            @Published private(set) var items: [String] = []
            @Published private(set) var count = 0
            @Published private(set) var onMain = 0
            @Published private(set) var onMainToo = 0
            private var bag = Set<AnyCancellable>()
            let other = Other()
            func bind(_ api: AnyPublisher<[String], Never>, _ counts: AnyPublisher<Int, Never>) {
                api.assign(to: &↓$items)
                counts.map { $0 + 1 }.assign(to: \\.↓count, on: self).store(in: &bag)
                counts.receive(on: DispatchQueue.main).assign(to: &$onMain)
                counts.receive(on: RunLoop.main).assign(to: \\.onMainToo, on: self).store(in: &bag)
                counts.assign(to: \\.value, on: other).store(in: &bag)
            }
        }
        """),
        .triggering("""
        final class Clock: ObservableObject {
            @Published private(set) var now = Date()
            private let loop = RunLoop()
            init() {
                ticks(on: loop).sink { [weak self] in ↓self?.now = $0 }.store(in: &bag)
            }
            private var bag = Set<AnyCancellable>()
            private func ticks(on loop: RunLoop) -> AnyPublisher<Date, Never> {
                Timer.publish(every: 1, on: loop, in: .common).autoconnect().eraseToAnyPublisher()
            }
        }
        """),
    ]
}
