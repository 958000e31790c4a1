@_spi(AtriumHost) import AtriumSDK

/// What a scene answers: a screen to render with a status, or a redirect.
public enum SceneResponse: Sendable {
    case screen(RenderableScreen, status: SceneStatus)
    case redirect(LinkTarget)
}

/// A screen to render, made on demand: when its scene's state is `Hashable`, `key` names it (the
/// scene and that state), so the host may keep the rendered page and answer the same state again
/// without making or rendering it.
public struct RenderableScreen: Sendable {
    public let key: ScreenKey?
    public let make: @Sendable () -> Screen

    public init(key: ScreenKey?, make: @escaping @Sendable () -> Screen) {
        self.key = key
        self.make = make
    }

    /// A screen already made, never kept.
    public init(_ screen: Screen) {
        self.init(key: nil, make: { screen })
    }
}

/// What names a rendered scene: the scene and its state (a `Sendable` state, so sharing it across
/// requests is safe although `AnyHashable` does not say so).
public struct ScreenKey: Hashable, @unchecked Sendable {
    let sceneID: String
    let state: AnyHashable

    init(sceneID: String, state: AnyHashable) {
        self.sceneID = sceneID
        self.state = state
    }

    /// One of the host's own screens, which never changes while it runs.
    public init(host name: String) {
        self.init(sceneID: "host", state: AnyHashable(name))
    }
}
