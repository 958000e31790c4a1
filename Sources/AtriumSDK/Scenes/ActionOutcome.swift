/// What an action leads to, named for what happened: the scene again with new state, or another
/// page (a 303 redirect: Post/Redirect/Get).
public enum ActionOutcome<State: Sendable>: Sendable {
    /// The scene again with new state (200).
    case show(State)
    /// The scene again because some fields are wrong (422).
    case invalid(State)
    /// The scene again because the credentials were not accepted (401).
    case unauthorized(State)
    /// The scene again because what the action was made on has changed since the page was shown
    /// (409): its ``ActionBasis`` is outdated (``SceneContext/isOutdated(by:)``). The state shows
    /// what is true now and keeps the person's input; the sentence, shown above the page, says
    /// what changed. Nothing was done: the person may send it again on what they now see.
    case changed(State, because: Wording)
    /// The scene again because there were too many attempts for now (429).
    case tooManyRequests(State)
    /// The scene's not-found page with this message, because what the action is about does not
    /// exist (404): an unknown vehicle, a malformed payment address.
    case missing(Wording)
    /// The scene's failed state with this message, because something it depends on is unavailable
    /// (503, with a retry link).
    case unavailable(Wording)
    /// Another page.
    case navigate(LinkTarget)
    /// Back to where the visitor came from (the request's validated `returnTo`), else `otherwise`.
    case navigateBack(otherwise: LinkTarget)
}
