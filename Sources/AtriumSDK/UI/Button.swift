/// A button. Inside a form it submits the form; with an ``action`` of its own it posts to that
/// route by itself (for example "Logout").
public struct Button: Sendable, Equatable, Codable {
    /// How a button looks.
    public enum Style: String, Sendable, Codable, CaseIterable {
        /// The page's main action.
        case primary
        /// Another action.
        case secondary
        /// An action that deletes or ends something.
        case destructive
    }

    /// What the button says.
    public var title: Wording
    /// Whether it can be pressed (with JavaScript; without, a form's button always works).
    public var isEnabled: Bool
    /// How it looks.
    public var style: Style
    /// The action route it posts to on its own; nil for its form's submit button.
    public var action: LinkTarget?
    /// What assistive technology announces when the title alone is ambiguous ("Remove egg" for
    /// one of many "Remove" buttons). It should start with the title.
    public var accessibilityLabel: Wording?
    /// What the button says while its form is being sent ("Logging you in ..."), when that takes a
    /// while (a remote check).
    public var busyTitle: Wording?
    /// For a button with an ``action`` of its own: what that action's outcome depends on, as the
    /// page shows it (``ActionBasis``), sent back when it is pressed.
    public var basis: ActionBasis?

    /// A button saying `title`: its form's submit, or posting to `action` by itself.
    public init(
        _ title: Wording, isEnabled: Bool = true, style: Style = .primary, action: LinkTarget? = nil, accessibilityLabel: Wording? = nil,
        busyTitle: Wording? = nil, basis: ActionBasis? = nil
    ) {
        self.basis = basis
        self.title = title
        self.isEnabled = isEnabled
        self.style = style
        self.action = action
        self.accessibilityLabel = accessibilityLabel
        self.busyTitle = busyTitle
    }
}
