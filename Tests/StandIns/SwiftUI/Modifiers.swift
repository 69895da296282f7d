// Stand-in for SwiftUI: view modifiers, with the signatures of the current SDKs. Every one
// returns the view unchanged (`modified()`). See Tests/StandIns/README.md.

extension View {
    // MARK: Lifecycle and async work

    public func onAppear(perform action: (() -> Void)? = nil) -> some View { modified() }
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { modified() }

    /// Runs `action` when the view appears and cancels it when the view disappears.
    public func task(priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View { modified() }

    /// Runs `action` when the view appears and again, cancelling the running one, whenever `id` changes.
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated,
                                   @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View { modified() }

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
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { modified() }
    public func padding(_ length: CGFloat) -> some View { modified() }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { modified() }
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View { modified() }
    public func fixedSize() -> some View { modified() }
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> some View { modified() }
    public func clipShape<S: Shape>(_ shape: S) -> some View { modified() }
    public func opacity(_ opacity: Double) -> some View { modified() }
    public func scaledToFit() -> some View { modified() }
    public func scaledToFill() -> some View { modified() }
    public func id<ID: Hashable>(_ id: ID) -> some View { modified() }

    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { modified() }
    @_disfavoredOverload public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { modified() }

    /// The view pushed when a `NavigationLink(value:)` of type `D` is activated.
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        modified()
    }

    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { modified() }

    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                     @ViewBuilder content: @escaping () -> Content) -> some View { modified() }

    public func searchable(text: Binding<String>) -> some View { modified() }

    // MARK: Tabs, lists and controls

    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { modified() }
    public func tag<V: Hashable>(_ tag: V) -> some View { modified() }
    public func badge(_ count: Int) -> some View { modified() }
    public func swipeActions<T: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
                                      @ViewBuilder content: () -> T) -> some View { modified() }
    public func listStyle<S: ListStyle>(_ style: S) -> some View { modified() }
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { modified() }
    public func controlSize(_ controlSize: ControlSize) -> some View { modified() }
    public func disabled(_ disabled: Bool) -> some View { modified() }
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View { modified() }
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { modified() }
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View { modified() }
    public func accessibilityLabel(_ label: LocalizedStringKey) -> some View { modified() }
    @_disfavoredOverload public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { modified() }

    // MARK: Text and colour

    public func font(_ font: Font?) -> some View { modified() }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { modified() }
    public func tint(_ tint: Color?) -> some View { modified() }
    public func tint<S: ShapeStyle>(_ tint: S?) -> some View { modified() }

    // MARK: Environment

    public func environmentObject<T: ObservableObject>(_ object: T) -> some View { modified() }
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View { modified() }
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View { modified() }
}
