import Foundation

protocol ProductRepository {
    func featured() async throws -> [Product]
    func newArrivals() async throws -> [Product]
    func product(id: Product.ID) async throws -> Product
    func search(_ query: String) async throws -> [Product]
}

final class RemoteProductRepository: ProductRepository {
    private let baseURL: URL
    private let decoder: JSONDecoder

    init(baseURL: URL = APIClient.shared.baseURL, decoder: JSONDecoder = .api) {
        self.baseURL = baseURL
        self.decoder = decoder
    }

    func featured() async throws -> [Product] {
        try await fetch([Product].self, from: baseURL.appendingPathComponent("products/featured"))
    }

    func newArrivals() async throws -> [Product] {
        try await fetch([Product].self, from: baseURL.appendingPathComponent("products/new"))
    }

    func product(id: Product.ID) async throws -> Product {
        try await fetch(Product.self, from: baseURL.appendingPathComponent("products/\(id)"))
    }

    func search(_ query: String) async throws -> [Product] {
        var components = URLComponents(
            url: baseURL.appendingPathComponent("products/search"),
            resolvingAgainstBaseURL: false
        )
        components?.queryItems = [URLQueryItem(name: "q", value: query)]
        guard let url = components?.url else { throw URLError(.badURL) }
        return try await fetch([Product].self, from: url)
    }

    private func fetch<T: Decodable>(_ type: T.Type, from url: URL) async throws -> T {
        let (data, response) = try await URLSession.shared.data(from: url)
        guard let http = response as? HTTPURLResponse else { throw APIError.badResponse }
        guard (200..<300).contains(http.statusCode) else { throw APIError.status(http.statusCode) }
        return try decoder.decode(T.self, from: data)
    }
}
