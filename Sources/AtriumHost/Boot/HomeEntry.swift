/// One link on the home page: a module's entry scene.
public struct HomeEntry: Sendable, Equatable {
    public var moduleID: String
    public var moduleTitle: String
    public var sceneTitle: String
    public var path: String
}
