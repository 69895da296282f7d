import Foundation
import Observation

@MainActor
@Observable
final class SettingsModel {
    static let supportedCurrencies = ["USD", "EUR", "GBP", "JPY"]

    private(set) var notificationsEnabled: Bool
    private(set) var currencyCode: String
    private(set) var imageCacheBytes: Int64 = 0

    private let defaults: UserDefaults

    // File sizes we have already measured, so reopening Settings stays cheap
    @ObservationIgnored private var sizeCache: [URL: Int64] = [:]

    init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
        notificationsEnabled = defaults.object(forKey: Keys.notifications) as? Bool ?? true
        currencyCode = defaults.string(forKey: Keys.currency) ?? "USD"
    }

    var formattedImageCacheSize: String {
        ByteCountFormatter.string(fromByteCount: imageCacheBytes, countStyle: .file)
    }

    func setNotificationsEnabled(_ enabled: Bool) {
        notificationsEnabled = enabled
        defaults.set(enabled, forKey: Keys.notifications)
    }

    func setCurrencyCode(_ code: String) {
        guard Self.supportedCurrencies.contains(code) else { return }
        currencyCode = code
        defaults.set(code, forKey: Keys.currency)
    }

    func refreshImageCacheSize() async {
        let files = await Self.cachedImageFiles()
        var total: Int64 = 0
        for file in files {
            if let known = sizeCache[file] {
                total += known
                continue
            }
            let size = Int64((try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
            sizeCache[file] = size
            total += size
        }
        imageCacheBytes = total
    }

    func clearImageCache() {
        try? FileManager.default.removeItem(at: Self.imageCacheDirectory)
        sizeCache.removeAll()
        imageCacheBytes = 0
    }

    // MARK: - Private

    private enum Keys {
        static let notifications = "settings.notifications"
        static let currency = "settings.currency"
    }

    private nonisolated static var imageCacheDirectory: URL {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("images", isDirectory: true)
    }

    private nonisolated static func cachedImageFiles() async -> [URL] {
        let contents = try? FileManager.default.contentsOfDirectory(
            at: imageCacheDirectory,
            includingPropertiesForKeys: [.fileSizeKey]
        )
        return contents ?? []
    }
}
