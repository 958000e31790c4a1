/// A message or alert. Errors are announced to assistive technology at once.
public struct Message: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable { case info, success, warning, error }

    public var text: String
    public var kind: Kind

    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }
}
