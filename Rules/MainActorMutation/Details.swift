/// The decisions of `main_actor_mutation`, for its page and `mvilint explain --full`.

extension MainActorMutation {
    static let details = """
    - Not checked: a model isolated to the main actor (`@MainActor`, the module's default isolation, an SDK \
    superclass or protocol of "SDK classes and protocols isolated to the main actor"), and a property marked \
    `@MainActor` itself (the compiler checks its writes; a model whose state is all `@MainActor` has nothing to check). \
    Isolation is inferred as the compiler does: only a conformance in the class's own declaration isolates it, one \
    added by an extension does not. An explicit `nonisolated` class is not isolated by the module's default.
    - A `@MainActor` method, and a method that witnesses a `@MainActor` requirement of a protocol that its own \
    declaration conforms to, run on the main actor: their plain writes and `Task { }` are not reported, but a closure \
    that a non-main queue runs, a detached task or a child task is.
    - Across calls: a synchronous method of a model that is not isolated, which writes the model's observable state \
    at its own level (not in a closure) or through another such method it calls on itself, is followed to its calls \
    in every type of the project, in any file: a call made off the main actor (in a `Task { }` of code that is not \
    isolated, a detached task, a non-main queue's closure, a completion handler, an `async` method that is not \
    isolated) is reported at the call, naming the method and the state it writes. The receiver is `self`, a stored \
    property, a parameter or a shared instance (`Bus.shared`), followed through stored properties; a property typed \
    by a protocol the model adopts, or by a subclass, counts. Code of a view or of a type isolated to the main actor \
    runs there: only a non-main queue or a detached task leaves it. An `async` or `@MainActor` method is not followed \
    (its writes are judged where they are).
    - Calling a method of a class or actor that a property holds, or writing into one (`api.token = t`), changes \
    that object, not the model's state.
    - A closure is judged where its call says it runs; one whose call says nothing (`queue.sync { }`, `forEach`, a \
    scheduled timer, Realm's `observe`) counts as the code around it, and the method decides last: off the main \
    actor when it is `async`.
    - `Task { }` inherits the main actor from a closure right around it that runs there (`DispatchQueue.main.async`, \
    `MainActor.run`, `{ @MainActor in }`); `Task.detached { }` and a group's child tasks do not. A closure given to a \
    static method of `MainActor` runs on the main actor.
    - A `DispatchWorkItem`'s block runs where the file executes the item (`DispatchQueue.main.asyncAfter(deadline:\
    execute: work)`); an item the file executes nowhere is not judged. A `Timer` added to `RunLoop.main` runs on the \
    main queue, one added to `RunLoop.current` where the code around runs.
    - Combine: a `sink` (or `assign`) runs on the main queue after a `receive(on:)` to it, a time operator on the main \
    scheduler, `collect(.byTime(DispatchQueue.main, …))` or a timer of the main run loop, with no other scheduler \
    after it. The main queue may be named through a local or stored constant, swift-dependencies' `\\.mainQueue` and \
    `\\.mainRunLoop`, a scheduler injected for tests whose default is the main one, or a member named for it \
    (`schedulers.mainScheduler`). A chain held in a local starts where the local's value does.
    - A chain from the model's own observable state (`$query`) through operators that pass values on at once \
    (`map`, `filter`, `removeDuplicates`, a project operator made of them) delivers where that state is written: the \
    write of the state is what is reported. So does one from another model's state (held by a property, a \
    parameter, a typed or cast local, a shared instance and its stored properties, a protocol whose every adopter \
    hands out the same state), several joined (`CombineLatest`, `merge`, `zip`), or a computed property that hands \
    out such a publisher.
    - Another operator's closure (`handleEvents`, `tryMap`) runs where its values arrive; \
    `handleEvents(receiveSubscription:)` runs when the chain is subscribed, unless a `subscribe(on:)` moves it. \
    `Future`'s closure and `AsyncStream`'s build closure run at once, where they are made.
    - The `sink` of a project `Publisher` type that delivers at once runs where the subscribing code runs; that of a \
    subject of a project type that only the type's own code sends through, always on the main queue or actor, runs \
    on the main queue.
    - RxSwift: `subscribe` and `bind` after `observeOn(MainScheduler.instance)` (or `observe(on:)`, or a time \
    operator on it) and a `Driver`'s `drive` run on the main thread.
    - Test and preview code (a file that imports XCTest or Testing, or a module `@testable`; a `PreviewProvider`; a \
    file of Xcode's "Preview Content" folder; a type named for a test double or preview stub: `Mock…`, `Stub…`, \
    `Fake…`, `…Mock`, `…Stub`, `…Fake`, `…Previews`) never decides where the app's code runs: its functions, \
    publishers and subjects are not counted, and its calls of a model's methods are not reported.
    - The project's own functions and Combine operators are judged by their code (test code does not count), when \
    every function of the name (or of the name and argument labels) agrees: one that hands its closure to the main \
    queue, a library callback of the tables, or another such function runs it there; one that keeps it in a property \
    and calls it only on the main queue too, or where it is itself called if it also calls it at once (looked up on \
    the type of the property that holds it: `poller.start { }`). A closure passed to a parameter that does not \
    escape, or that the function only calls during the call, runs during the call; one passed to a `@MainActor` \
    function-typed parameter runs on the main actor.
    - A helper or operator from a package that is not linted, named for the main queue (`updateOnMain { }`, \
    `.receiveOnMain()`), is taken at its name. A closure kept in a value of a project enum's case \
    (`.failed(dismiss: { … })`) runs wherever the value is taken apart, and is not judged.
    - A call that names `.main` among its arguments (`addObserver(forName:object:queue: .main)`) runs its closure on \
    the main queue.
    - A library's callback counts in a file that imports the library (or in a project that re-exports it with \
    `@_exported import`); a queue argument written for it (`queue:`, `on:`, `scheduling:`) decides. A property or \
    local holding the library's object (declared with its class, constructed, or its shared instance), a constant \
    of the project holding its shared instance or a reference made from it, and a local made from such an object \
    count as the object.
    """
}
