/// Where a link, card, button or form leads: a named route (resolved by the host, so the module
/// need not know the path or which module binds it) or a local path.
public enum LinkTarget: Sendable, Equatable, Codable {
    case route(RouteName, parameters: [String: String] = [:])
    case path(String)
}
