import AtriumSDK
import Foundation
import Logging

/// Pictures from an image search service with Pixabay's contract:
/// `GET <base>?key=KEY&q=NAME&image_type=photo&category=food` → `{"hits": [{"webformatURL"}]}`,
/// first hit used. Any failure shows the placeholder; answers are kept, failures are not.
actor PixabayImageLookup: ImageLookup {
    struct Answer: Decodable {
        struct Hit: Decodable { var webformatURL: String }
        var hits: [Hit]
    }

    let baseURL: String
    let key: String
    let http: any RemoteHTTPClient
    let logger: Logger
    private var found: [String: String?] = [:]

    init(baseURL: String, key: String, http: any RemoteHTTPClient, logger: Logger) {
        self.baseURL = baseURL
        self.key = key
        self.http = http
        self.logger = logger
    }

    func image(for name: String) async -> String? {
        if let known = found[name] { return known }
        var components = URLComponents(string: baseURL)
        components?.queryItems = [
            URLQueryItem(name: "key", value: key), URLQueryItem(name: "q", value: name),
            URLQueryItem(name: "image_type", value: "photo"), URLQueryItem(name: "category", value: "food"),
        ]
        guard let url = components?.url?.absoluteString else {
            logger.error("image service address is not valid", metadata: ["baseURL": "\(baseURL)"])
            return nil
        }
        do {
            // The key is in the query: log the name, never the URL.
            let response = try await http.send(RemoteRequest(url: url, timeout: .seconds(5)))
            guard response.isSuccess else {
                logger.notice("image lookup failed", metadata: ["name": "\(name)", "status": "\(response.status)"])
                return nil
            }
            guard let answer = try? JSONDecoder().decode(Answer.self, from: response.body) else {
                logger.notice("image lookup answer undecodable", metadata: ["name": "\(name)"])
                return nil
            }
            let image = answer.hits.first?.webformatURL
            found[name] = image
            return image
        } catch {
            logger.notice("image lookup failed", metadata: ["name": "\(name)", "error": "\(error)"])
            return nil
        }
    }
}
