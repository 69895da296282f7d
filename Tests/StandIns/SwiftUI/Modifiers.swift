// Stand-in for SwiftUI: view modifiers, with the signatures of the current SDKs. Every one
// returns the view unchanged (`modified()`). See Tests/StandIns/README.md.

extension View {
    // MARK: Lifecycle and async work

    public func onAppear(perform action: (() -> Void)? = nil) -> some View { modified() }
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { modified() }

    /// Runs `action` when the view appears and cancels it when the view disappears.
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> some View { modified() }

    /// Runs `action` when the view appears and again, cancelling the running one, whenever `id` changes.
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated,
                                   _ action: @escaping @Sendable () async -> Void) -> some View { modified() }

    /// The iOS 14 form: the closure receives the new value.
    @available(*, deprecated, message: "Use `onChange` with a two- or zero-parameter action closure instead.")
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View { modified() }

    /// The iOS 17 forms: the closure receives the old and the new value, or nothing.
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View {
        modified()
    }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View { modified() }

    /// Shows a refresh control that stays until `action` returns.
    public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { modified() }

    // MARK: Layout and presentation

    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { modified() }
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { modified() }
    public func padding(_ length: Double? = nil) -> some View { modified() }
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View { modified() }
    public func id<ID: Hashable>(_ id: ID) -> some View { modified() }

    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { modified() }
    @_disfavoredOverload public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { modified() }

    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                     @ViewBuilder content: @escaping () -> Content) -> some View { modified() }

    public func searchable(text: Binding<String>) -> some View { modified() }

    // MARK: Environment

    public func environmentObject<T: ObservableObject>(_ object: T) -> some View { modified() }
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View { modified() }
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View { modified() }
}
