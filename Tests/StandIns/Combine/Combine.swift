// Stand-in for Apple's Combine: the declarations SwiftUI code type-checks against, with the
// public shapes of the real ones and trivial bodies. See Tests/StandIns/README.md.

// MARK: Publishers

public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

public enum Subscribers {
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

public protocol Cancellable {
    func cancel()
}

/// Cancels its work when cancelled or deinitialised.
public final class AnyCancellable: Cancellable, Hashable {
    private let onCancel: () -> Void
    public init(_ cancel: @escaping () -> Void) { onCancel = cancel }
    public init<C: Cancellable>(_ canceller: C) { onCancel = canceller.cancel }
    public func cancel() { onCancel() }
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable { collection.append(self) }
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    public static func == (a: AnyCancellable, b: AnyCancellable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Publisher {
    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable { AnyCancellable {} }
}

extension Publisher where Failure == Never {
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable { AnyCancellable {} }
}

/// Sends each value it is given to its subscribers.
public final class PassthroughSubject<Output, Failure: Error>: Publisher {
    public init() {}
    public func send(_ value: Output) {}
    public func send(completion: Subscribers.Completion<Failure>) {}
}

/// Holds a current value and sends each new one.
public final class CurrentValueSubject<Output, Failure: Error>: Publisher {
    public var value: Output
    public init(_ value: Output) { self.value = value }
    public func send(_ value: Output) { self.value = value }
}

// MARK: Observable objects

/// The publisher an `ObservableObject` sends on before any `@Published` property changes.
public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never
    public init() {}
    public func send() {}
}

/// An object whose changes SwiftUI observes (through `@StateObject`, `@ObservedObject`,
/// `@EnvironmentObject`). Only classes can conform.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher where ObjectWillChangePublisher.Failure == Never
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

/// A property of a class that publishes its changes. As in Combine, it can only be used in a
/// class: the value is reached through the enclosing instance, and `wrappedValue` is unavailable.
@propertyWrapper
public struct Published<Value> {
    private var stored: Value

    public init(wrappedValue: Value) { stored = wrappedValue }
    public init(initialValue: Value) { stored = initialValue }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].stored }
        set { object[keyPath: storageKeyPath].stored = newValue }
    }

    /// `$property`: a publisher of the property's values.
    public var projectedValue: Publisher {
        get { Publisher() }
        set {}
    }

    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
    }
}
