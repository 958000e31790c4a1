import AtriumPages
import AtriumRuntime
import AtriumSupport
import Hummingbird
import Synchronization

/// One configuration being served: its plan and the router made of it, and how many requests it is
/// answering (a reload retires it once they are done).
package final class ServingGeneration: Sendable {
    package let plan: HostPlan
    let responder: RouterResponder<AtriumRequestContext>
    private let inFlight = Atomic<Int>(0)

    package init(plan: HostPlan, router: Router<AtriumRequestContext>) {
        self.plan = plan
        self.responder = router.buildResponder()
    }

    func respond(to request: Request, context: AtriumRequestContext) async throws -> Response {
        inFlight.add(1, ordering: .relaxed)
        defer { inFlight.subtract(1, ordering: .releasing) }
        // The one negotiation of the request's format: every step after reads it from the context.
        var negotiated = context
        let accepted = ResponseFormat.negotiate(request.headers.value(of: .accept))
        negotiated.accepted = accepted
        let context = negotiated
        if accepted.isEventStream, request.method == .get {
            // Answered in a child task (ChildTask): the stream's body then runs in a few KB.
            return try await ChildTask.apart { try await self.responder.respond(to: request, context: context) }
        }
        return try await responder.respond(to: request, context: context)
    }

    /// Waits until no request is being answered, or `limit` has passed; true when none is left.
    package func finishRequests(within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while inFlight.load(ordering: .acquiring) > 0 {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }
}
