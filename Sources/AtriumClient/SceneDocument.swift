import Foundation

/// A scene's JSON document, as a host answers `Accept: application/json`: the version of the scene
/// schema it follows, the screen, and the visitor's form token when the screen has forms or actions.
public struct SceneDocument: Sendable, Equatable, Decodable {
    /// The scene schema version this kit decodes, and declares to hosts
    /// (`Accept: application/json; schema=2`): a host answers every node of a newer version as its
    /// fallback, made of nodes this kit knows.
    public static let schema = 2

    /// The schema version the host answered in.
    public var schema: Int
    /// What to show.
    public var screen: SceneScreen
    /// The anti-forgery token to send back with the screen's forms and actions.
    public var csrfToken: String?

    /// A document of `screen`.
    public init(schema: Int = SceneDocument.schema, screen: SceneScreen, csrfToken: String? = nil) {
        self.schema = schema
        self.screen = screen
        self.csrfToken = csrfToken
    }

    /// Decodes a document from the bytes a host sent.
    public init(data: Data) throws {
        self = try JSONDecoder().decode(SceneDocument.self, from: data)
    }
}
