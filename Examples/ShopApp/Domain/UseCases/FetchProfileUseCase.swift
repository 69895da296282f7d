import Foundation

protocol FetchProfileUseCase {
    func execute(userID: UserProfile.ID) async throws -> UserProfile
}

final class DefaultFetchProfileUseCase: FetchProfileUseCase {
    private let users: UserRepository

    init(users: UserRepository) {
        self.users = users
    }

    func execute(userID: UserProfile.ID) async throws -> UserProfile {
        let profile = try await users.profile(id: userID)
        // The API sometimes returns an empty name for accounts created through Apple sign-in.
        guard profile.displayName.isEmpty else { return profile }
        return UserProfile(
            id: profile.id,
            displayName: profile.email.components(separatedBy: "@").first ?? "Shopper",
            email: profile.email,
            avatarURL: profile.avatarURL,
            memberSince: profile.memberSince
        )
    }
}
