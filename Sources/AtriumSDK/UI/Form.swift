/// A form that posts its fields to a route. The host adds the anti-forgery token.
public struct Form: Sendable, Equatable, Codable {
    /// The action route the form posts to.
    public var action: LinkTarget
    /// The fields, pickers, switches and buttons, in order.
    public var content: [UINode]
    /// A route that answers the same action with field errors (200) without acting on it. Browsers
    /// with JavaScript post the form there as the visitor types and show the errors of the fields
    /// they touched; submit buttons stay disabled until no field has an error. Without JavaScript
    /// (or in native clients that do not use it) the form works as usual.
    public var liveValidation: LinkTarget?
    /// What the action's outcome depends on, as the page shows it: sent back with the form, so the
    /// scene can tell when it has changed since (``SceneContext/isOutdated(by:)``).
    public var basis: ActionBasis?

    /// A form posting `content` to `action`, checked live at `liveValidation` when given, made on
    /// `basis` when its outcome depends on what the page shows.
    public init(action: LinkTarget, liveValidation: LinkTarget? = nil, basis: ActionBasis? = nil, content: [UINode]) {
        self.action = action
        self.liveValidation = liveValidation
        self.basis = basis
        self.content = content
    }
}
