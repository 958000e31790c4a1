/// A scene's view model: it loads the scene's state, and performs the scene's actions.
///
/// A scene declares its actions once, as one `Action` type (usually an enum with a case per form);
/// its POST routes name the case they perform and the host decodes the case's fields from the form
/// post or JSON body (and the route's path parameters). View models know nothing of HTTP, so they
/// are tested by calling them directly.
public protocol SceneModel: Sendable {
    associatedtype State: Sendable
    associatedtype Action: Sendable = Never

    /// Loads the state to show. Throwing shows the scene's failed state; other scenes keep working.
    func load(_ context: SceneContext) async throws -> SceneState<State>

    /// Performs an action and says what follows: the scene again (with a status named for what
    /// happened) or another page.
    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State>
}

extension SceneModel where Action == Never {
    public func perform(_ action: Never, context: SceneContext) async throws -> ActionOutcome<State> {}
}
