/// What names a rendered scene: the scene and its state's page name (see ``SceneRunner``).
package struct ScreenKey: Hashable, Sendable {
    let sceneID: String
    let state: PageName

    init(sceneID: String, state: any Hashable & Sendable) {
        self.sceneID = sceneID
        self.state = PageName(state)
    }

    /// One of the host's own screens, which never changes while it runs.
    package init(host name: String) {
        self.init(sceneID: "host", state: name)
    }
}
