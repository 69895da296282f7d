import Foundation

protocol UserRepository {
    func profile(id: UserProfile.ID) async throws -> UserProfile
    func storedUserID() -> UserProfile.ID?
    func storeUserID(_ id: UserProfile.ID?)
}

final class RemoteUserRepository: UserRepository {
    private let client: APIClient
    private let defaults: UserDefaults
    private let userIDKey = "session.userID"

    init(client: APIClient, defaults: UserDefaults = .standard) {
        self.client = client
        self.defaults = defaults
    }

    func profile(id: UserProfile.ID) async throws -> UserProfile {
        let data = try await client.data(for: "/users/\(id)")
        return try JSONDecoder.api.decode(UserProfile.self, from: data)
    }

    func storedUserID() -> UserProfile.ID? {
        defaults.string(forKey: userIDKey)
    }

    func storeUserID(_ id: UserProfile.ID?) {
        if let id {
            defaults.set(id, forKey: userIDKey)
        } else {
            defaults.removeObject(forKey: userIDKey)
        }
    }
}
