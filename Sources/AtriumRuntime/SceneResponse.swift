@_spi(AtriumHost) import AtriumSDK

/// What a scene answers: a screen to render with a status, or a redirect.
package enum SceneResponse: Sendable {
    case screen(RenderableScreen, status: SceneStatus)
    case redirect(LinkTarget)
}
