// A model with one intentional finding (state_private_set) for the build-tool plugin test.

#if canImport(Combine)
import Combine
#else
/// Stand-ins for Combine's declarations where Combine does not exist, so the sample builds there.
public protocol ObservableObject: AnyObject {}

@propertyWrapper
public struct Published<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}
#endif

/// A counter whose observable state can be written from outside: mvilint warns about `count`.
@MainActor
public final class PluginSampleCounterStore: ObservableObject {
    @Published public var count = 0

    public init() {}

    public func increment() { count += 1 }
}
