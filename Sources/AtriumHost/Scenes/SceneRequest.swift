@_spi(AtriumHost) import AtriumSDK

/// One request to a scene, as the host hands it over.
@_spi(AtriumHost)
public struct SceneRequest: Sendable {
    public let context: SceneContext
    /// The body of a POST; nil for GET.
    public let input: (any ActionInput)?
    /// Where a "Try again" link leads (the page the visitor was on).
    public let retryPath: String

    public init(context: SceneContext, input: (any ActionInput)?, retryPath: String) {
        self.context = context
        self.input = input
        self.retryPath = retryPath
    }
}
