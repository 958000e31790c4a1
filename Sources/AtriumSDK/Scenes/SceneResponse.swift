/// What a scene answers: a screen to render with a status, or a redirect.
@_spi(AtriumHost)
public enum SceneResponse: Sendable, Equatable {
    case screen(Screen, status: SceneStatus)
    case redirect(LinkTarget)
}
