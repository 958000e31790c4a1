import Hummingbird
import Synchronization

/// The server's responder: it hands each request to the configuration being served when the
/// request arrives. A reload swaps in a new one; requests already in flight finish on theirs.
final class ReloadableResponder: HTTPResponder, Sendable {
    typealias Context = AtriumRequestContext

    private let current: Mutex<ServingGeneration>

    init(_ generation: ServingGeneration) { current = Mutex(generation) }

    var generation: ServingGeneration { current.withLock { $0 } }

    /// Serves `next` from now on and returns the one it replaces.
    func swap(to next: ServingGeneration) -> ServingGeneration {
        current.withLock { served in
            let previous = served
            served = next
            return previous
        }
    }

    func respond(to request: Request, context: AtriumRequestContext) async throws -> Response {
        try await generation.respond(to: request, context: context)
    }
}
