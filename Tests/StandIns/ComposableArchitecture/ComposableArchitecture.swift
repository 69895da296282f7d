// Stand-in for the Composable Architecture (the `ComposableArchitecture` library): reducers, their
// builder, effects and the `@Reducer` and `@ObservableState` macros, with the public shapes of the
// library's declarations and trivial bodies. See Tests/StandIns/README.md.

// The library re-exports Foundation and SwiftUI through its dependencies: a feature file that
// imports only ComposableArchitecture can use `Date` or `UserDefaults`.
@_exported import Foundation
@_exported import SwiftUI

/// A feature's logic: how an action changes the state and which effects it starts.
/// (The library constrains `Body` to a reducer of the same state and action; here it is free.)
public protocol Reducer<State, Action> {
    associatedtype State
    associatedtype Action
    associatedtype Body
    @ReducerBuilder<State, Action> var body: Body { get }
}

public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

/// `@Reducer struct Feature { … }`: conforms the type to `Reducer` (the library's macro also
/// writes its `State` and `Action` for enum reducers and observes the state; not modelled).
@attached(extension, conformances: Reducer)
public macro Reducer() = #externalMacro(module: "ComposableArchitectureMacros", type: "ReducerMacro")

/// State that views observe field by field.
public protocol ObservableState {}

/// `@ObservableState struct State { … }`: conforms the state to `ObservableState` (the library's
/// macro also adds the observation registrar; not modelled).
@attached(extension, conformances: ObservableState)
public macro ObservableState() = #externalMacro(module: "ComposableArchitectureMacros", type: "ObservableStateMacro")

@resultBuilder
public enum ReducerBuilder<State, Action> {
    public static func buildBlock<R: Reducer>(_ reducer: R) -> R where R.State == State, R.Action == Action { reducer }
    public static func buildExpression<R: Reducer>(_ expression: R) -> R where R.State == State, R.Action == Action { expression }
    public static func buildFinalResult<R: Reducer>(_ reducer: R) -> R where R.State == State, R.Action == Action { reducer }
}

/// A reducer written as a closure (`Reduce { state, action in … }`).
public struct Reduce<State, Action>: Reducer {
    let reduce: (inout State, Action) -> Effect<Action>
    public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) { self.reduce = reduce }
    // `return` keeps the builder of the requirement out of this body.
    public var body: Never { return fatalError("a stand-in reducer has no body") }
}

/// Work a reducer returns for the store to run: nothing, or an async operation that sends actions.
public struct Effect<Action> {
    public static var none: Effect { Effect() }

    public static func run(priority: TaskPriority? = nil,
                           operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
                           catch handler: (@Sendable (_ error: Error, _ send: Send<Action>) async -> Void)? = nil) -> Effect {
        Effect()
    }

    public static func send(_ action: Action) -> Effect { Effect() }
}

/// Sends actions back into the store from an effect (`await send(.tick)`).
@MainActor
public struct Send<Action>: Sendable {
    let send: @MainActor @Sendable (Action) -> Void
    public init(send: @escaping @MainActor @Sendable (Action) -> Void) { self.send = send }
    public func callAsFunction(_ action: Action) { send(action) }
}
