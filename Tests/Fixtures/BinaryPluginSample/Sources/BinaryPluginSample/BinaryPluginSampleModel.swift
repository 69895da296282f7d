// A model with one intentional finding (state_private_set) for the artifact-bundle plugin test.

import Observation

/// A settings model whose observable state can be written from outside: mvilint warns about `theme`.
@Observable
@MainActor
public final class BinaryPluginSampleModel {
    public var theme = "system"

    public init() {}

    public func reset() { theme = "system" }
}
