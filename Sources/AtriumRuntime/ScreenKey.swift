/// What names a rendered scene: the scene and its state (a `Sendable` state, so sharing it across
/// requests is safe although `AnyHashable` does not say so).
package struct ScreenKey: Hashable, @unchecked Sendable {
    let sceneID: String
    let state: AnyHashable

    init(sceneID: String, state: AnyHashable) {
        self.sceneID = sceneID
        self.state = state
    }

    /// One of the host's own screens, which never changes while it runs.
    package init(host name: String) {
        self.init(sceneID: "host", state: AnyHashable(name))
    }
}
