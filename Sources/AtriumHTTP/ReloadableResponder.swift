import AtriumListener
import AtriumObservability
import Hummingbird
import Synchronization

/// The server's responder: it hands each request to the configuration being served when the
/// request arrives. A reload swaps in a new one; requests already in flight finish on theirs. The
/// server listens while the host boots (see ``HostListener``): a request that comes before the first
/// configuration is served waits for it, and is answered 503 if the host does not boot.
package final class ReloadableResponder: HTTPResponder, Sendable {
    package typealias Context = AtriumRequestContext

    private struct State {
        var serving: ServingGeneration?
        var abandoned = false
        /// The requests waiting for the first configuration while the host boots.
        var waiting: [CheckedContinuation<ServingGeneration?, Never>] = []
    }

    private let state = Mutex(State())

    /// The configuration being served; nil until the host has booted, or when it did not.
    package var generation: ServingGeneration? { state.withLock { $0.serving } }

    /// Serves `generation` from now on, to the requests that waited for it first.
    func begin(_ generation: ServingGeneration) {
        let waiting = state.withLock { state in
            state.serving = generation
            defer { state.waiting = [] }
            return state.waiting
        }
        for request in waiting { request.resume(returning: generation) }
    }

    /// The host did not boot: the requests that waited, and any that come, are answered 503.
    func abandon() {
        let waiting = state.withLock { state in
            state.abandoned = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for request in waiting { request.resume(returning: nil) }
    }

    /// Serves `next` from now on and returns the one it replaces (nil, and nothing changes, when no
    /// configuration is being served).
    package func swap(to next: ServingGeneration) -> ServingGeneration? {
        state.withLock { state in
            guard let previous = state.serving else { return nil }
            state.serving = next
            return previous
        }
    }

    package func respond(to request: Request, context: AtriumRequestContext) async throws -> Response {
        // The boot trace's step at which the first request reached the host (it waits here for the router).
        BootTrace.mark("first-request")
        if let generation { return try await generation.respond(to: request, context: context) }
        let booted = await withCheckedContinuation { (request: CheckedContinuation<ServingGeneration?, Never>) in
            let now = state.withLock { state -> ServingGeneration?? in
                if let serving = state.serving { return .some(serving) }
                if state.abandoned { return .some(nil) }
                state.waiting.append(request)
                return .none
            }
            if let now { request.resume(returning: now) }
        }
        guard let booted else { throw HTTPError(.serviceUnavailable) }
        return try await booted.respond(to: request, context: context)
    }
}
