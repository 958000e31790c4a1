/// What an action leads to: the scene again with new state (for example 422 with field errors), or
/// a redirect (303, Post/Redirect/Get).
public enum ActionOutcome<State: Sendable>: Sendable {
    case render(SceneState<State>, status: SceneStatus)
    case navigate(LinkTarget)

    /// The scene again, answered with 422 because some fields are wrong.
    public static func invalid(_ state: State) -> Self { .render(.loaded(state), status: .unprocessableContent) }

    /// The scene again with new state, answered with 200.
    public static func show(_ state: State) -> Self { .render(.loaded(state), status: .ok) }
}
