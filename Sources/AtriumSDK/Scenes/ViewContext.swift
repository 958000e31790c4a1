/// What a view may know besides its state.
public struct ViewContext: Sendable {
    /// The scene's title as registered, for views that reuse it.
    public var sceneTitle: String
    /// The path of the current request, for "try again" links.
    public var currentPath: String

    public init(sceneTitle: String, currentPath: String) {
        self.sceneTitle = sceneTitle
        self.currentPath = currentPath
    }
}
