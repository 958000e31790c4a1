/// Where a link, card, button or form leads.
///
/// A module links to its own routes through their ``Route`` values (which print paths), to other
/// modules' pages by the names its manifest declares (``named(_:)``), and back to where a visitor
/// came from with ``SceneContext/returnTo``. The host resolves names, checks that every path is on
/// this site, and adds `returnTo` queries; clients always receive paths.
///
/// In JSON: `{"path": "/pilot/register"}`; before the host resolves it, also `{"route": "sign-in"}`
/// or `{"link": …, "returnTo": …}`.
public indirect enum LinkTarget: Sendable, Equatable, Codable {
    /// A path on this site, with its query.
    case path(String)
    /// Another module's page, by a route name the manifest lists in `links` or the configuration binds.
    case named(RouteName)
    /// A link that brings the visitor back to `to` afterwards (`?returnTo=`).
    case returning(LinkTarget, to: LinkTarget)
    /// An absolute http(s) address on another site, such as an identity provider's sign-in or
    /// sign-out page to redirect to. The host drops anything that is not http(s).
    case external(String)

    private enum CodingKeys: String, CodingKey { case path, route, link, returnTo, url }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let path = try container.decodeIfPresent(String.self, forKey: .path) {
            self = .path(path)
        } else if let url = try container.decodeIfPresent(String.self, forKey: .url) {
            self = .external(url)
        } else if let link = try container.decodeIfPresent(LinkTarget.self, forKey: .link) {
            self = .returning(link, to: try container.decode(LinkTarget.self, forKey: .returnTo))
        } else {
            self = .named(try container.decode(RouteName.self, forKey: .route))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .path(let path): try container.encode(path, forKey: .path)
        case .named(let name): try container.encode(name, forKey: .route)
        case .returning(let link, let destination):
            try container.encode(link, forKey: .link)
            try container.encode(destination, forKey: .returnTo)
        case .external(let url): try container.encode(url, forKey: .url)
        }
    }
}
