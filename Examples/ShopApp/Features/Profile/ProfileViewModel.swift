import Combine
import Foundation

@MainActor
final class ProfileViewModel: ObservableObject {
    @Published private(set) var profile: UserProfile?
    @Published private(set) var isLoading = false
    @Published private(set) var errorMessage: String?

    private let fetchProfile: FetchProfileUseCase

    init(fetchProfile: FetchProfileUseCase) {
        self.fetchProfile = fetchProfile
    }

    var memberSinceText: String? {
        profile?.memberSince.formatted(date: .abbreviated, time: .omitted)
    }

    func load(userID: UserProfile.ID) async {
        isLoading = true
        errorMessage = nil
        do {
            profile = try await fetchProfile.execute(userID: userID)
        } catch is CancellationError {
            // The screen went away or the user changed; keep what we have.
        } catch {
            errorMessage = "Couldn't load your profile."
        }
        isLoading = false
    }

    func clear() {
        profile = nil
        errorMessage = nil
    }
}
