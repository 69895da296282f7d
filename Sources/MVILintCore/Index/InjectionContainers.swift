/// What mvilint knows of dependency-injection containers: SwiftUI's environment, swift-dependencies, Factory.

/// The containers through which dependencies are injected by key path, and Factory's registrations.
public enum InjectionContainers {
    /// Types whose instance properties are read through key paths by injection wrappers:
    /// SwiftUI's `@Environment(\.x)`, swift-dependencies' `@Dependency(\.x)`, Factory's
    /// `@Injected(\.x)` (and containers that inherit `containerBases`).
    public static let keyPathContainers: Set<String> = ["EnvironmentValues", "DependencyValues", "Container", "InjectedValues"]
    /// Factory's container base classes (`final class AppContainer: SharedContainer`).
    public static let containerBases: Set<String> = ["SharedContainer", "ManagedContainer"]
    /// Factory's wrappers around a registration, whose generic argument is the dependency's type.
    public static let registrationWrappers: Set<String> = ["Factory", "ParameterFactory"]
}
