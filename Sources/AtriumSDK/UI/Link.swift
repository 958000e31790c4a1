/// A link. A link to a route name that no enabled module binds is not shown.
public struct Link: Sendable, Equatable, Codable {
    /// How a link looks.
    public enum Style: String, Sendable, Codable, CaseIterable {
        /// Text in the flow of the page.
        case plain
        /// A button that navigates.
        case button
        /// A small icon-sized link, as in a toolbar.
        case icon
    }

    /// What the link says.
    public var title: Wording
    /// Where it leads.
    public var target: LinkTarget
    /// How it looks.
    public var style: Style

    /// A link saying `title` that leads to `target`.
    public init(_ title: Wording, to target: LinkTarget, style: Style = .plain) {
        self.title = title
        self.target = target
        self.style = style
    }
}
