import AtriumSDK
import Foundation
import Logging

/// Recipes and ingredients from a recipe service speaking the original wire format. A load is
/// kept (with its index) for `refresh`; one load is under way at a time, shared by every visitor
/// waiting for it, and the service is asked no more often than every few seconds whatever
/// `refresh` says (``SharedLoad``). A failed load is not kept past that, so "Try again" asks again.
final class RemoteRecipeSource: RecipeSource {
    let recipesURL: String
    let ingredientsURL: String
    let http: any RemoteHTTPClient
    let timeout: Duration
    let refresh: TimeInterval
    let clock: any WallClock
    let logger: Logger
    private let book: SharedLoad<RecipeBook>

    init(
        recipesURL: String, ingredientsURL: String, http: any RemoteHTTPClient, timeout: Duration, refresh: Duration, clock: any WallClock,
        logger: Logger
    ) {
        self.recipesURL = recipesURL
        self.ingredientsURL = ingredientsURL
        self.http = http
        self.timeout = timeout
        self.refresh = TimeInterval(refresh.components.seconds)
        self.clock = clock
        self.logger = logger
        book = SharedLoad(clock: clock)
    }

    func load() async throws(RecipeSourceError) -> RecipeBook {
        do {
            return try await book.value { try await self.fetchBook() }
        } catch let error as RecipeSourceError {
            throw error
        } catch {
            throw .unknown
        }
    }

    private func fetchBook() async throws(RecipeSourceError) -> (value: RecipeBook, freshUntil: Date) {
        do {
            async let recipeData = fetch(recipesURL)
            async let ingredientData = fetch(ingredientsURL)
            let book = RecipeBook(
                recipes: try RecipeDecoding.recipes(from: try await recipeData),
                availableIngredients: try RecipeDecoding.ingredients(from: try await ingredientData)
            )
            return (book, clock.now.addingTimeInterval(refresh))
        } catch let error as RecipeSourceError {
            logger.error("recipes could not be loaded", metadata: ["problem": "\(Self.kind(of: error))"])
            throw error
        } catch {
            logger.error("recipes could not be loaded", metadata: ["problem": "\(error)"])
            throw .unknown
        }
    }

    private func fetch(_ url: String) async throws(RecipeSourceError) -> Data {
        let response: RemoteResponse
        do {
            response = try await http.send(RemoteRequest(url: url, headers: ["Accept": "application/json"], timeout: timeout))
        } catch {
            logger.notice("recipe service request failed", metadata: ["url": "\(url)", "error": "\(error)"])
            switch error {
            case .invalidURL: throw .invalidURL(url)
            case .timedOut: throw .timedOut
            case .notConnected, .refusedAddress: throw .unreachable
            case .tooLarge, .other: throw .unknown
            }
        }
        guard response.isSuccess else {
            logger.notice("recipe service answered with an error", metadata: ["url": "\(url)", "status": "\(response.status)"])
            throw .status(response.status)
        }
        return response.body
    }

    static func kind(of error: RecipeSourceError) -> String {
        switch error {
        case .invalidURL(let url): "invalid URL \(url)"
        case .status(let code): "status \(code)"
        case .undecodable(let what): "undecodable \(what)"
        case .empty(let what): "empty \(what)"
        case .timedOut: "timeout"
        case .unreachable: "unreachable"
        case .unknown: "unknown"
        }
    }
}
