import NIOCore

/// What one render of a live scene came to: its state (the page with its form token left out, the
/// state's id, what the render read) or where the visitor must go instead.
enum LiveRender: Sendable {
    /// `refresh`: how often to render it again while watched (nil: ``LiveScenes/keepAlive``).
    case state(RenderedPage, id: String, reads: Set<RecordRead>, refresh: Duration?)
    case redirect(String)

    var id: String? {
        if case .state(_, let id, _, _) = self { return id }
        return nil
    }
}

extension LiveRender {
    /// How often the state's group renders again while watched.
    var refresh: Duration {
        guard case .state(_, _, _, let refresh?) = self else { return LiveScenes.keepAlive }
        return min(LiveScenes.keepAlive, max(.seconds(1), refresh))
    }
}
