import Hummingbird

/// The request context of every route the host serves.
public struct AtriumRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// Action bodies are small; refuse anything larger than 1 MiB.
    public var maxUploadSize: Int { 1024 * 1024 }
}
