/// What a scene answers: a screen to render with a status, or a redirect.
public enum SceneResponse: Sendable, Equatable {
    case screen(Screen, status: SceneStatus)
    case redirect(LinkTarget)
}
