import AtriumSDK

/// What a scene answers: a screen to render with a status, or a redirect.
package enum SceneResponse: Sendable {
    case screen(DeferredScreen, status: HTTPStatus)
    case redirect(LinkTarget)
}
