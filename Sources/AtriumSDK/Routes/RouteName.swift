import Foundation

/// A name a route can be bound to, so other modules can link or redirect to it without knowing its
/// path (for example "sign-in").
///
/// When a configuration section declares a property of this type, the host checks at boot that an
/// enabled module binds the name, and reports the configuration key when none does.
public struct RouteName: Hashable, Sendable, Comparable, CustomStringConvertible, Codable,
    ExpressibleByStringLiteral
{
    public var rawValue: String

    /// The name `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
        if let references = decoder.userInfo[RouteReferenceLog.userInfoKey] as? RouteReferenceLog {
            references.record(self, at: decoder.codingPath.map(\.stringValue))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Where the "signed in" guard sends a visitor who is not signed in.
    public static let signIn: RouteName = "sign-in"
}
