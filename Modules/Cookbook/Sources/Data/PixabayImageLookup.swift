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

    /// Names looked up before come from memory; the others are asked for at once, in parallel.
    func images(for names: [String]) async -> Pictures {
        var result: [String: String] = [:]
        var unknown: [String] = []
        for name in Set(names) {
            if let known = found[name] {
                if let known { result[name] = known }
            } else {
                unknown.append(name)
            }
        }
        guard !unknown.isEmpty else { return Pictures(byName: result) }
        let fetched = await withTaskGroup(of: (String, String?, Bool).self) { group in
            for name in unknown { group.addTask { await self.fetch(name) } }
            var fetched: [(String, String?, Bool)] = []
            for await answer in group { fetched.append(answer) }
            return fetched
        }
        var isFinal = true
        for (name, image, isAnswer) in fetched {
            if isAnswer { found.updateValue(image, forKey: name) } else { isFinal = false }
            if let image { result[name] = image }
        }
        return Pictures(byName: result, isFinal: isFinal)
    }

    /// One name's picture; `isAnswer` is false when the service could not answer (not kept, so
    /// it is asked again next time).
    private nonisolated func fetch(_ name: String) async -> (String, String?, Bool) {
        var components = URLComponents(string: baseURL)
        components?.queryItems = [
            URLQueryItem(name: "key", value: key), URLQueryItem(name: "q", value: name),
            URLQueryItem(name: "image_type", value: "photo"), URLQueryItem(name: "category", value: "food"),
        ]
        guard let url = components?.url?.absoluteString else {
            logger.error("image service address is not valid", metadata: ["baseURL": "\(baseURL)"])
            return (name, nil, false)
        }
        do {
            // The key is in the query: log the name, never the URL.
            let response = try await http.send(RemoteRequest(url: url, timeout: .seconds(5)))
            guard response.isSuccess else {
                logger.notice("image lookup failed", metadata: ["name": "\(name)", "status": "\(response.status)"])
                return (name, nil, false)
            }
            guard let answer = try? JSONDecoder().decode(Answer.self, from: response.body) else {
                logger.notice("image lookup answer undecodable", metadata: ["name": "\(name)"])
                return (name, nil, false)
            }
            return (name, answer.hits.first?.webformatURL, true)
        } catch {
            logger.notice("image lookup failed", metadata: ["name": "\(name)", "error": "\(error)"])
            return (name, nil, false)
        }
    }
}
