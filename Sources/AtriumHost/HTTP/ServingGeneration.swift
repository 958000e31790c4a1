import Hummingbird
import Synchronization

/// One configuration being served: its plan, its application and the router built from them, and
/// how many requests it is answering (a reload retires it once they are done).
final class ServingGeneration: Sendable {
    let application: HostApplication
    let responder: RouterResponder<AtriumRequestContext>
    private let inFlight = Atomic<Int>(0)

    var plan: HostPlan { application.plan }

    init(application: HostApplication) throws {
        self.application = application
        self.responder = try application.makeRouter().buildResponder()
    }

    func respond(to request: Request, context: AtriumRequestContext) async throws -> Response {
        inFlight.add(1, ordering: .relaxed)
        defer { inFlight.subtract(1, ordering: .releasing) }
        // The one negotiation of the request's format: every step after reads it from the context.
        var negotiated = context
        let accepted = ResponseFormat.negotiate(request.headers[.accept])
        negotiated.accepted = accepted
        let context = negotiated
        if accepted.isEventStream, request.method == .get {
            // A task keeps the allocator slabs of its deepest call until it ends, and an event
            // stream's connection task lasts as long as the stream: answered in it, the middleware
            // chain's frames (about 30 KB) would stay held by every idle stream. A child task's
            // are freed when it has answered; the stream's body then runs in a few KB.
            return try await SceneEventStream.apart { try await self.responder.respond(to: request, context: context) }
        }
        return try await responder.respond(to: request, context: context)
    }

    /// Waits until no request is being answered, or `limit` has passed; true when none is left.
    func finishRequests(within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while inFlight.load(ordering: .acquiring) > 0 {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }
}
