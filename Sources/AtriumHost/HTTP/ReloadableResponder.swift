import Hummingbird
import Synchronization

/// The server's responder: it hands each request to the configuration being served when the
/// request arrives. A reload swaps in a new one; requests already in flight finish on theirs. The
/// server listens while the host boots (see ``HostListener``): a request that comes before the first
/// configuration is served waits for it, and is answered 503 if the host does not boot.
final class ReloadableResponder: HTTPResponder, Sendable {
    typealias Context = AtriumRequestContext

    private enum State {
        /// Booting: the requests waiting for the first configuration.
        case booting([CheckedContinuation<ServingGeneration?, Never>])
        case serving(ServingGeneration)
        case abandoned
    }

    private let state: Mutex<State>

    /// Waits for ``begin(_:)``.
    init() { state = Mutex(.booting([])) }

    init(_ generation: ServingGeneration) { state = Mutex(.serving(generation)) }

    /// The configuration being served; nil until the host has booted, or when it did not.
    var generation: ServingGeneration? {
        state.withLock { state in
            guard case .serving(let generation) = state else { return nil }
            return generation
        }
    }

    /// Serves `generation` from now on, to the requests that waited for it first.
    func begin(_ generation: ServingGeneration) {
        resumeWaiting(with: generation, then: .serving(generation))
    }

    /// The host did not boot: the requests that waited, and any that come, are answered 503.
    func abandon() {
        resumeWaiting(with: nil, then: .abandoned)
    }

    private func resumeWaiting(with generation: ServingGeneration?, then next: State) {
        let waiting = state.withLock { state -> [CheckedContinuation<ServingGeneration?, Never>] in
            guard case .booting(let waiting) = state else { return [] }
            state = next
            return waiting
        }
        for request in waiting { request.resume(returning: generation) }
    }

    /// Serves `next` from now on and returns the one it replaces (nil, and nothing changes, when no
    /// configuration is being served).
    func swap(to next: ServingGeneration) -> ServingGeneration? {
        state.withLock { state in
            guard case .serving(let previous) = state else { return nil }
            state = .serving(next)
            return previous
        }
    }

    func respond(to request: Request, context: AtriumRequestContext) async throws -> Response {
        if let generation { return try await generation.respond(to: request, context: context) }
        let booted = await withCheckedContinuation { (request: CheckedContinuation<ServingGeneration?, Never>) in
            let now = state.withLock { state -> ServingGeneration?? in
                switch state {
                case .booting(let waiting):
                    state = .booting(waiting + [request])
                    return .none
                case .serving(let generation): return .some(generation)
                case .abandoned: return .some(nil)
                }
            }
            if let now { request.resume(returning: now) }
        }
        guard let booted else { throw HTTPError(.serviceUnavailable) }
        return try await booted.respond(to: request, context: context)
    }
}
