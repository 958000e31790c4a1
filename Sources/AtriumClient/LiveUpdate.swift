/// What a live scene's stream brings (``AtriumClient/watch(_:maximumDelay:)``).
public enum LiveUpdate: Sendable, Equatable {
    /// The scene as it is now, and the id of its state (the same state has the same id on every host).
    case scene(SceneDocument, id: String?)
    /// The page is no longer the person's to watch (signed out, or the session ended): open this path.
    case redirect(String)
}
