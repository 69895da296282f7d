// A model with one intentional finding (state_private_set) for the build-tool plugin test.

import Observation

/// A counter whose observable state can be written from outside: mvilint warns about `count`.
@Observable
@MainActor
public final class PluginSampleCounterModel {
    public var count = 0

    public init() {}

    public func increment() { count += 1 }
}
