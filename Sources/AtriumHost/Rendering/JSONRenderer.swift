@_spi(AtriumHost) import AtriumSDK
import Foundation

/// Renders a screen as JSON for native clients: the same tree, each node an object with a `type`,
/// plus the anti-forgery token to send back in the `X-CSRF-Token` header with actions.
public struct JSONRenderer: Sendable {
    public init() {}

    struct Document: Encodable {
        var screen: Screen
        var csrfToken: String?
    }

    public func render(_ screen: Screen, csrfToken: String?) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Document(screen: screen, csrfToken: csrfToken))
    }
}
