@_spi(AtriumHost) import AtriumSDK

/// One request to a scene, as the host hands it over.
package struct SceneRequest: Sendable {
    package let context: SceneContext
    /// The body of a POST; nil for GET.
    package let input: (any ActionInput)?
    /// Where a "Try again" link leads (the page the visitor was on).
    package let retryPath: String

    package init(context: SceneContext, input: (any ActionInput)?, retryPath: String) {
        self.context = context
        self.input = input
        self.retryPath = retryPath
    }
}
