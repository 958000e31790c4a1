/// A handle to a registered scene, used to point routes at it.
public struct SceneReference<Model: SceneModel>: Sendable {
    /// The scene's id, prefixed with its module's id ("cookbook.discover").
    public let id: String
    public let title: String
}
