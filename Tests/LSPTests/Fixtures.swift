/// Sources the protocol tests lint.

enum Fixtures {
    /// A main-actor model whose state is already `private(set)`: no finding.
    static let model = """
    import SwiftUI

    @MainActor
    final class CounterViewModel: ObservableObject {
        @Published private(set) var count = 0
        func increment() { count += 1 }
    }

    """

    /// The same model with a writable `@Published` property (`state_private_set`, fixable).
    static let modelWithWritableState = """
    import SwiftUI

    @MainActor
    final class CounterViewModel: ObservableObject {
        @Published var count = 0
        func increment() { count += 1 }
    }

    """

    /// The model without `ObservableObject`: views holding it are no longer reported.
    static let plainModel = """
    import SwiftUI

    @MainActor
    final class CounterViewModel {
        private(set) var count = 0
        func increment() { count += 1 }
    }

    """

    /// A view that creates its model but holds it with `@ObservedObject`
    /// (`owned_model_state_object` on line 4, fixable: `@StateObject`).
    static let view = """
    import SwiftUI

    struct CounterView: View {
        @ObservedObject private var viewModel = CounterViewModel()
        var body: some View {
            Text("\\(viewModel.count)")
        }
    }

    """

    /// A view that mentions nothing of the model.
    static let badge = """
    import SwiftUI

    struct Badge: View {
        var body: some View { Text("x") }
    }

    """
}
