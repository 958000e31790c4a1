/// A scene's view model: it loads the scene's state. Its actions are the closures registered with
/// ``ModuleRegistrar/post(_:name:guard:scene:action:perform:)``, which receive the model.
///
/// View models know nothing of HTTP, so they are tested by calling them directly.
public protocol SceneModel: Sendable {
    associatedtype State: Sendable

    /// Loads the state to show. Throwing shows the scene's failed state; other scenes keep working.
    func load(_ context: SceneContext) async throws -> SceneState<State>
}
