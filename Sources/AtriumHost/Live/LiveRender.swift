import NIOCore

/// What one render of a live scene came to: its state (the page with its form token left out, the
/// state's id, what the render read) or where the visitor must go instead.
enum LiveRender: Sendable {
    case state(RenderedPage, id: String, reads: Set<RecordRead>)
    case redirect(String)

    var id: String? {
        if case .state(_, let id, _) = self { return id }
        return nil
    }
}
