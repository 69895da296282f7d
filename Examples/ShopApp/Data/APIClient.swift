import Foundation

enum APIError: Error, LocalizedError {
    case badResponse
    case status(Int)

    var errorDescription: String? {
        switch self {
        case .badResponse: return "The server sent an unexpected response."
        case .status(let code): return "The server returned an error (\(code))."
        }
    }
}

/// Thin wrapper around URLSession for the JSON API.
final class APIClient {
    static let shared = APIClient(baseURL: URL(string: "https://api.shopapp.example/v2")!)

    let baseURL: URL
    private let session: URLSession

    init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    func get(_ path: String, completion: @escaping (Result<Data, Error>) -> Void) {
        let url = baseURL.appendingPathComponent(path)
        session.dataTask(with: url) { data, response, error in
            if let error {
                completion(.failure(error))
                return
            }
            guard let http = response as? HTTPURLResponse, let data else {
                completion(.failure(APIError.badResponse))
                return
            }
            guard (200..<300).contains(http.statusCode) else {
                completion(.failure(APIError.status(http.statusCode)))
                return
            }
            completion(.success(data))
        }
        .resume()
    }

    func data(for path: String) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            get(path) { result in
                continuation.resume(with: result)
            }
        }
    }
}

extension JSONDecoder {
    /// Decoder configured for the API's snake_case keys and ISO 8601 dates.
    static let api: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
