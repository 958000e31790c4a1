/// The name of something one module provides and others may require, such as "current-user".
public struct CapabilityName: Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public var rawValue: String

    /// The name `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Who is signed in: provided by the Login module, needed by the "signed in" guard.
    public static let currentUser: CapabilityName = "current-user"
}
