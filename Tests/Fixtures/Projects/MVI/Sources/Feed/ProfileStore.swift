import Foundation

final class ProfileState {
    var name = ""
    var followers = 0
}

@MainActor
final class ProfileStore: ObservableObject {
    @Published private(set) var state = ProfileState()

    func rename(_ name: String) {
        state.name = name
    }
}
