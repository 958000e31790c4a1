/// Where a link, card, button or form leads: a named route (resolved by the host, so the module
/// need not know the path or which module binds it) or a local path.
///
/// In JSON: `{"path": "/pilot/register"}`, or `{"route": "sign-in", "parameters": {…}}` before the
/// host resolves it (clients always receive paths).
public enum LinkTarget: Sendable, Equatable, Codable {
    case route(RouteName, parameters: [String: String] = [:])
    case path(String)

    private enum CodingKeys: String, CodingKey { case path, route, parameters }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let path = try container.decodeIfPresent(String.self, forKey: .path) {
            self = .path(path)
        } else {
            self = .route(
                try container.decode(RouteName.self, forKey: .route),
                parameters: try container.decodeIfPresent([String: String].self, forKey: .parameters) ?? [:]
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .path(let path):
            try container.encode(path, forKey: .path)
        case .route(let name, let parameters):
            try container.encode(name, forKey: .route)
            if !parameters.isEmpty { try container.encode(parameters, forKey: .parameters) }
        }
    }
}
