/// The root of a scene's UI tree: what one page or one phone screen shows.
public struct Screen: Sendable, Equatable, Codable {
    public var title: String
    /// Buttons and links shown in the top bar (for example a settings button).
    public var toolbar: [UINode]
    public var content: [UINode]
    /// Asks clients to load the screen again after this many seconds (used by the loading state).
    public var refreshAfterSeconds: Int?

    public init(title: String, toolbar: [UINode] = [], content: [UINode], refreshAfterSeconds: Int? = nil) {
        self.title = title
        self.toolbar = toolbar
        self.content = content
        self.refreshAfterSeconds = refreshAfterSeconds
    }
}
