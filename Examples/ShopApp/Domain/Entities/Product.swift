import Foundation

struct Product: Identifiable, Hashable, Codable {
    let id: String
    let name: String
    let summary: String
    let price: Decimal
    let imageURL: URL?
    let rating: Double?
}

struct FeedSection: Identifiable, Hashable {
    let id: String
    let title: String
    let products: [Product]
}

struct Feed {
    let sections: [FeedSection]

    static let empty = Feed(sections: [])
}
