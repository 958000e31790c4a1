/// A button. Inside a form it submits the form; with an ``action`` of its own it posts to that
/// route by itself (for example "Logout").
public struct Button: Sendable, Equatable, Codable {
    public enum Style: String, Sendable, Codable, CaseIterable { case primary, secondary, destructive }

    public var title: String
    public var isEnabled: Bool
    public var style: Style
    public var action: LinkTarget?
    /// What assistive technology announces when the title alone is ambiguous ("Remove egg" for
    /// one of many "Remove" buttons). It should start with the title.
    public var accessibilityLabel: String?
    /// What the button says while its form is being sent ("Logging you in ..."), when that takes a
    /// while (a remote check).
    public var busyTitle: String?

    public init(
        _ title: String, isEnabled: Bool = true, style: Style = .primary, action: LinkTarget? = nil, accessibilityLabel: String? = nil,
        busyTitle: String? = nil
    ) {
        self.title = title
        self.isEnabled = isEnabled
        self.style = style
        self.action = action
        self.accessibilityLabel = accessibilityLabel
        self.busyTitle = busyTitle
    }
}
