@_spi(AtriumHost) import AtriumSDK

/// What running a scene for one request came to, as a client would see it: the status, and the
/// screen shown (the view's, or the standard one of a failed, missing, empty or loading state) or
/// where it redirects.
public struct SceneOutcome: Sendable {
    public let status: Int
    public let screen: Screen?
    public let redirect: LinkTarget?

    /// What a test gets for a route its scene does not perform: 404, as the host would answer.
    @_spi(AtriumHost)
    public static func unknownRoute(_ pattern: String) -> SceneOutcome {
        SceneOutcome(status: 404, screen: Screen(title: "No such route: \(pattern)", content: []), redirect: nil)
    }
}
