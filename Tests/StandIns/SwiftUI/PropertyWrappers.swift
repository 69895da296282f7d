// Stand-in for SwiftUI: the property wrappers that hold a view's state, its models and its
// environment. See Tests/StandIns/README.md.

/// A property SwiftUI updates before it evaluates a view's body.
public protocol DynamicProperty {}

/// A way to read and write a value owned elsewhere: `$state`, `$model.field`.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    private let read: () -> Value
    private let write: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { read = get; write = set }
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }
    public var projectedValue: Binding<Value> { self }
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.wrappedValue[keyPath: keyPath] }, set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }
}

extension Binding: DynamicProperty {}

/// A value the view owns; also an `@Observable` model the view creates.
@propertyWrapper
public struct State<Value>: DynamicProperty {
    private var value: Value
    public init(wrappedValue value: Value) { self.value = value }
    public init(initialValue value: Value) { self.value = value }
    public var wrappedValue: Value {
        get { value }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { Binding(get: { self.value }, set: { _ in }) }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
}

/// An `ObservableObject` the view creates and owns: built once, from the autoclosure.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    private let make: () -> ObjectType
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { make = thunk }
    public var wrappedValue: ObjectType { make() }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject(wrappedValue: make()).projectedValue }
}

/// An `ObservableObject` passed in from outside.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    public var wrappedValue: ObjectType
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    public init(initialValue: ObjectType) { self.wrappedValue = initialValue }
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// `$model`: bindings to the object's properties (`$model.name`).
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            Binding(get: { self.object[keyPath: keyPath] }, set: { self.object[keyPath: keyPath] = $0 })
        }
    }
}

/// An `ObservableObject` an ancestor supplies with `.environmentObject(_:)`.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    public init() {}
    public var wrappedValue: ObjectType { fatalError("no \(ObjectType.self) in the stand-in environment") }
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject(wrappedValue: wrappedValue).projectedValue }
}

/// Bindings to the properties of an `@Observable` model (`$model.name`).
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value: AnyObject & Observable> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public var projectedValue: Bindable<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding(get: { self.wrappedValue[keyPath: keyPath] }, set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }
}

extension Bindable: DynamicProperty {}

// MARK: Environment

/// A key for a value in the environment, with its default.
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

/// The values a view reads with `@Environment(\.key)`. Add one with an extension, as in SwiftUI.
public struct EnvironmentValues {
    public init() {}
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { K.defaultValue }
        set {}
    }

    public var scenePhase: ScenePhase {
        get { .active }
        set {}
    }

    /// Dismisses the presented view that reads it.
    public var dismiss: DismissAction { DismissAction() }
}

public enum ScenePhase: Comparable, Hashable {
    case background, inactive, active
}

public struct DismissAction {
    public func callAsFunction() {}
}

/// A value from the environment (`@Environment(\.scenePhase)`), or an `@Observable` model an
/// ancestor supplies with `.environment(_:)` (`@Environment(Model.self)`).
@propertyWrapper
public struct Environment<Value>: DynamicProperty {
    private let read: () -> Value
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { read = { EnvironmentValues()[keyPath: keyPath] } }
    public var wrappedValue: Value { read() }
}

extension Environment {
    public init(_ objectType: Value.Type) where Value: AnyObject & Observable {
        read = { fatalError("no \(Value.self) in the stand-in environment") }
    }
}
