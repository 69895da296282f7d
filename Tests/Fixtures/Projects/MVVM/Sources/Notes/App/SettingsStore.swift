import Combine

/// App-wide preferences, shared through the environment.
@MainActor
final class SettingsStore: ObservableObject {
    @Published private(set) var sortsByTitle = false

    func toggleSorting() {
        sortsByTitle.toggle()
    }
}
