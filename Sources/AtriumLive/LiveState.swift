import AtriumPages
import AtriumRendering
import AtriumRuntime
import AtriumStorage
import NIOCore

/// What one render of a live scene came to: its state (the page with its form token left out, the
/// state's id, what the render read) or where the visitor must go instead.
enum LiveState: Sendable {
    /// `refresh`: how often to render it again while watched (nil: ``LiveScenes/keepAlive``).
    case state(RenderedScreen, id: String, reads: Set<RecordRead>, refresh: Duration?)
    case redirect(String)

    var id: String? {
        if case .state(_, let id, _, _) = self { return id }
        return nil
    }
}

extension LiveState {
    /// How often the state's group renders again while watched.
    var refresh: Duration {
        guard case .state(_, _, _, let refresh?) = self else { return LiveScenes.keepAlive }
        return min(LiveScenes.keepAlive, max(.seconds(1), refresh))
    }
}

extension LiveState {
    /// What `respond` answers for `scene`'s page, as a live state (its JSON document in `schema`'s
    /// version and in `language` (nil: the default), the document's id, what it read, how often to
    /// render it again) or where the visitor must go instead; and whether it asked who the visitor is.
    static func of(
        scene: SceneRouteAnswerer, schema: Int, language: String?, noting respond: () async -> SceneResponse
    ) async -> (state: LiveState, readsVisitor: Bool) {
        let log = RecordReadLog()
        let answer = await log.recording { await respond() }
        switch answer {
        case .redirect(let target):
            return (.redirect(scene.writer.links.path(of: target, for: scene.route.moduleID, logger: scene.logger) ?? "/"), true)
        case .screen(let screen, _):
            let document = scene.writer.jsonPage(
                for: screen, schema: schema, language: language, moduleID: scene.route.moduleID, logger: scene.logger)
            return (.state(document, id: StateID.of(document.body(token: nil)), reads: log.all, refresh: screen.liveRefresh), log.readsVisitor)
        }
    }
}
