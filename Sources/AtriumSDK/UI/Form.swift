/// A form that posts its fields to a route. The host adds the anti-forgery token.
public struct Form: Sendable, Equatable, Codable {
    public var action: LinkTarget
    public var content: [UINode]

    public init(action: LinkTarget, content: [UINode]) {
        self.action = action
        self.content = content
    }
}
