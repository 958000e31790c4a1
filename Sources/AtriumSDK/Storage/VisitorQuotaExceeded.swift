/// A write the host refused because an anonymous visitor would keep more than a visitor may
/// (`storage.maxVisitorRecords`, `storage.maxVisitorBytes`): the scene answers 413 with a plain
/// message. Signed-in people have no such limit.
@_spi(AtriumHost)
public struct VisitorQuotaExceeded: Error, Sendable, Equatable, CustomStringConvertible {
    public init() {}

    public var description: String { "the visitor's saved records are at their limit" }

    /// What the visitor reads.
    public static let message: Wording = "This browser has saved as much as it can without an account. Sign in or sign up to keep more."
}
