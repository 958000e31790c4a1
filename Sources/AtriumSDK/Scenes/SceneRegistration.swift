/// A scene as the host sees it.
@_spi(AtriumHost)
public struct SceneRegistration: Sendable {
    public let id: String
    public let title: String
    /// Listed on the home page as the module's way in.
    public let isEntry: Bool
}
