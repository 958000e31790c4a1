/// The root of a scene's UI tree: what one page or one phone screen shows.
public struct Screen: Sendable, Equatable, Codable {
    /// The screen's title: the page's only top-level heading.
    public var title: Wording
    /// Buttons and links shown in the top bar (for example a settings button).
    public var toolbar: [UINode]
    /// What the screen shows, in order.
    public var content: [UINode]
    /// Asks clients to load the screen again after this many seconds (used by the loading state).
    public var refreshAfterSeconds: Int?

    /// A screen titled `title` showing `content`.
    public init(title: Wording, toolbar: [UINode] = [], content: [UINode], refreshAfterSeconds: Int? = nil) {
        self.title = title
        self.toolbar = toolbar
        self.content = content
        self.refreshAfterSeconds = refreshAfterSeconds
    }
}
