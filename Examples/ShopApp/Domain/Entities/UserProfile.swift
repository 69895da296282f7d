import Foundation

struct UserProfile: Identifiable, Hashable, Codable {
    let id: String
    let displayName: String
    let email: String
    let avatarURL: URL?
    let memberSince: Date
}
