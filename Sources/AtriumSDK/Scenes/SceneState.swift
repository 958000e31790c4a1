/// The standard states of a scene. Only `loaded` reaches the scene's view; the others have a
/// default rendering (a message, and for `failed` a retry link).
public enum SceneState<Value: Sendable>: Sendable {
    /// The data is still being prepared; clients are asked to reload shortly.
    case loading
    /// There is nothing to show; the text says so in the user's terms.
    case empty(Wording)
    /// The state, for the scene's view to draw (200).
    case loaded(Value)
    /// Something went wrong; the text is shown as it is, so keep internals out of it.
    case failed(Wording)
    /// What the address names does not exist (a recipe id no recipe has): answered with 404.
    case missing(Wording)
    /// Another page shows this instead (a 303 redirect), such as the accounts page for a visitor
    /// who is already signed in, or sign-in again once a remote session has expired.
    case redirect(LinkTarget)
}

extension SceneState: Equatable where Value: Equatable {}
