/// A message or alert. Errors are announced to assistive technology at once.
public struct Message: Sendable, Equatable, Codable {
    /// What the message is about.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Something to know.
        case info
        /// Something that worked.
        case success
        /// Something to be careful about.
        case warning
        /// Something that failed; announced at once.
        case error
    }

    /// What it says.
    public var text: Wording
    /// What it is about.
    public var kind: Kind

    /// A message saying `text`.
    public init(_ text: Wording, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }
}
