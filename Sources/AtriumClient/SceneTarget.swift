/// Where a link, card, tab, button or form leads: a path on the host's site (with its query), or
/// an address on another site (an identity provider's page).
public enum SceneTarget: Sendable, Equatable, Decodable {
    /// A path on the host, such as `/pilot/register?returnTo=%2F`.
    case path(String)
    /// An absolute http(s) address on another site.
    case external(String)

    private enum CodingKeys: String, CodingKey { case path, url }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let path = try container.decodeIfPresent(String.self, forKey: .path) {
            self = .path(path)
        } else {
            self = .external(try container.decode(String.self, forKey: .url))
        }
    }
}
