import AtriumSDK
import Foundation
import Logging
import Synchronization

/// Pictures from an image search service with Pixabay's contract:
/// `GET <base>?key=KEY&q=NAME&image_type=photo&category=food` → `{"hits": [{"webformatURL"}]}`,
/// first hit used. Any failure shows the placeholder; answers are kept for good, failures for a few
/// seconds. Each name is asked for by one request at a time, shared by every visitor waiting for
/// it (``SharedLoad``), so a page many people open together, or a service that is down, costs one
/// request per name, not one per visitor.
final class PixabayImageLookup: ImageLookup {
    struct Answer: Decodable {
        struct Hit: Decodable { var webformatURL: String }
        var hits: [Hit]
    }

    /// Why a name's picture could not be looked up (not kept past the floor: asked again later).
    struct Unanswered: Error {}

    let baseURL: String
    let key: String
    let http: any RemoteHTTPClient
    let clock: any WallClock
    let logger: Logger
    private let loads = Mutex<[String: SharedLoad<String?>]>([:])

    init(baseURL: String, key: String, http: any RemoteHTTPClient, clock: any WallClock, logger: Logger) {
        self.baseURL = baseURL
        self.key = key
        self.http = http
        self.clock = clock
        self.logger = logger
    }

    /// Every name's picture, the names not known yet asked for in parallel.
    func images(for names: [String]) async -> Pictures {
        let clock = self.clock
        let wanted = loads.withLock { loads in
            Set(names).map { name in
                if let load = loads[name] { return (name, load) }
                let load = SharedLoad<String?>(clock: clock)
                loads[name] = load
                return (name, load)
            }
        }
        return await withTaskGroup(of: (String, String?, Bool).self) { group in
            for (name, load) in wanted {
                group.addTask {
                    do {
                        let image = try await load.value { (try await self.fetch(name), Date.distantFuture) }
                        return (name, image, true)
                    } catch {
                        return (name, nil, false)
                    }
                }
            }
            var result: [String: String] = [:]
            var isFinal = true
            for await (name, image, isAnswer) in group {
                if let image { result[name] = image }
                isFinal = isFinal && isAnswer
            }
            return Pictures(byName: result, isFinal: isFinal)
        }
    }

    /// One name's picture (nil: the service has none); throws when the service could not answer.
    private func fetch(_ name: String) async throws -> String? {
        var components = URLComponents(string: baseURL)
        components?.queryItems = [
            URLQueryItem(name: "key", value: key), URLQueryItem(name: "q", value: name),
            URLQueryItem(name: "image_type", value: "photo"), URLQueryItem(name: "category", value: "food"),
        ]
        guard let url = components?.url?.absoluteString else {
            logger.error("image service address is not valid", metadata: ["baseURL": "\(baseURL)"])
            throw Unanswered()
        }
        do {
            // The key is in the query: log the name, never the URL.
            let response = try await http.send(RemoteRequest(url: url, timeout: .seconds(5)))
            guard response.isSuccess else {
                logger.notice("image lookup failed", metadata: ["name": "\(name)", "status": "\(response.status)"])
                throw Unanswered()
            }
            guard let answer = try? JSONDecoder().decode(Answer.self, from: response.body) else {
                logger.notice("image lookup answer undecodable", metadata: ["name": "\(name)"])
                throw Unanswered()
            }
            return answer.hits.first?.webformatURL
        } catch let error as RemoteHTTPError {
            logger.notice("image lookup failed", metadata: ["name": "\(name)", "error": "\(error)"])
            throw Unanswered()
        }
    }
}
