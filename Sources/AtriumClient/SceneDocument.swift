import Foundation

/// A scene's JSON document, as a host answers `Accept: application/json`: the version of the scene
/// schema it follows, the language its words are in, the screen, and the visitor's form token when
/// the screen has forms or actions.
public struct SceneDocument: Sendable, Equatable, Decodable {
    /// The scene schema version this kit decodes, and declares to hosts
    /// (`Accept: application/json; schema=4`): a host answers every node of a newer version as its
    /// fallback, made of nodes this kit knows. Version 4 adds what a form or an action button was
    /// made on (`basis`), which the kit sends back with the action.
    public static let schema = 4

    /// The schema version the host answered in.
    public var schema: Int
    /// The language the screen's words are in, a BCP 47 tag such as `es` (from version 3; nil from
    /// an older host): format what the app adds to the screen, and say it to accessibility, in it.
    /// Data in the screen (names, a remote service's words) is shown as it came.
    public var locale: String?
    /// What to show.
    public var screen: SceneScreen
    /// The anti-forgery token to send back with the screen's forms and actions.
    public var csrfToken: String?

    /// A document of `screen`.
    public init(schema: Int = SceneDocument.schema, locale: String? = nil, screen: SceneScreen, csrfToken: String? = nil) {
        self.schema = schema
        self.locale = locale
        self.screen = screen
        self.csrfToken = csrfToken
    }

    /// Decodes a document from the bytes a host sent.
    public init(data: Data) throws {
        self = try JSONDecoder().decode(SceneDocument.self, from: data)
    }
}
