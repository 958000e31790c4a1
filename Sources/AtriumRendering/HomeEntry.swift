/// One link on the home page: a module's entry scene.
package struct HomeEntry: Sendable, Equatable {
    package var moduleID: String
    package var moduleTitle: String
    package var sceneTitle: String
    package var path: String

    package init(moduleID: String, moduleTitle: String, sceneTitle: String, path: String) {
        self.moduleID = moduleID
        self.moduleTitle = moduleTitle
        self.sceneTitle = sceneTitle
        self.path = path
    }
}
