/// A link. A link to a route name that no enabled module binds is not shown.
public struct Link: Sendable, Equatable, Codable {
    public enum Style: String, Sendable, Codable, CaseIterable { case plain, button, icon }

    public var title: String
    public var target: LinkTarget
    public var style: Style

    public init(_ title: String, to target: LinkTarget, style: Style = .plain) {
        self.title = title
        self.target = target
        self.style = style
    }
}
