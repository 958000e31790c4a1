import AtriumListener
import AtriumPages
import AtriumRuntime
import AtriumStorage
import Synchronization

/// Renders a live group's page again and again from the group's key alone: the page's address, and
/// for a session's group that session (read afresh each time), never one watcher's request. The
/// page's scene is built once, with the group's context, and loaded and drawn for each render:
/// a change costs the scene's load and, for a state not seen before, its view.
final class GroupRenderer: Sendable {
    private let scene: SceneRouteAnswerer
    private let page: WatchedAddress
    /// The scene schema's version the group's documents follow (its watchers declared it).
    private let schema: Int
    /// The language its watchers read (nil: the default).
    private let language: String?
    private let session: RequestSession
    /// The scene built for this group's context (nil inside when it could not be built: each
    /// render then builds its own), once the first render asked for it.
    private let prepared = Mutex<(@Sendable (SceneRequest) async -> SceneResponse)??>(nil)

    init(scene: SceneRouteAnswerer, page: WatchedAddress, schema: Int, language: String?, sessionToken: String?) {
        self.scene = scene
        self.page = page
        self.schema = schema
        self.language = language
        self.session = RequestSession(store: scene.sessions, token: sessionToken)
    }

    /// The page as it is now; nil when it could not be rendered (the group keeps its last state).
    func render() async -> LiveState? {
        // Renders of a group take turns (LiveScenes.Group): one session object serves them all.
        session.forgetRead()
        let request = scene.sceneRequest(
            path: page.path, routeValues: page.routeValues, returnTo: page.returnTo, clientAddress: ClientAddress.liveGroup, session: session,
            language: language)
        let respond = prepared.withLock { prepared in
            if prepared == nil { prepared = .some(scene.preparePage?(request)) }
            return prepared! ?? scene.respond
        }
        return await LiveState.of(scene: scene, schema: schema, language: language, noting: { await respond(request) }).state
    }
}
