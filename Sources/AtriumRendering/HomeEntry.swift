import AtriumSDK

/// One link on the home page: a module's entry scene.
package struct HomeEntry: Sendable, Equatable {
    package var moduleID: String
    package var moduleTitle: String
    package var sceneTitle: Wording
    package var path: String

    package init(moduleID: String, moduleTitle: String, sceneTitle: Wording, path: String) {
        self.moduleID = moduleID
        self.moduleTitle = moduleTitle
        self.sceneTitle = sceneTitle
        self.path = path
    }
}
