import Hummingbird
import Logging

/// The request context of every route the host serves.
public struct AtriumRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// A context for a request answered in-process, with no connection (`atrium render`).
    init(logger: Logger) {
        coreContext = .init(source: InProcessSource(logger: logger))
    }

    /// Action bodies are small; refuse anything larger than 1 MiB.
    public var maxUploadSize: Int { 1024 * 1024 }
}

/// Where an in-process request comes from: nothing but a logger.
private struct InProcessSource: RequestContextSource {
    let logger: Logger
}
