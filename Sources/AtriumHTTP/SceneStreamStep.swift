import Hummingbird

/// The step of a scene page's route that answers a request asking for the page's live stream of
/// states (`Accept: text/event-stream`, as ``ResponseFormat`` negotiated it), after the route's
/// parameters, session and guard, in place of the page. AtriumLive provides it; a host without it
/// answers such a request with the page.
package protocol SceneStreamStep: Sendable {
    func respond(to request: Request, context: AtriumRequestContext, scene: SceneResponder) async throws -> Response
}
