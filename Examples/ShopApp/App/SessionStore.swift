import Combine
import Foundation

/// Who is signed in. Shared with the whole view tree through the environment.
@MainActor
final class SessionStore: ObservableObject {
    @Published private(set) var userID: UserProfile.ID?

    private let users: UserRepository

    init(users: UserRepository) {
        self.users = users
        self.userID = users.storedUserID()
    }

    var isSignedIn: Bool { userID != nil }

    func signIn(as id: UserProfile.ID) {
        users.storeUserID(id)
        userID = id
    }

    func signOut() {
        users.storeUserID(nil)
        userID = nil
    }
}
