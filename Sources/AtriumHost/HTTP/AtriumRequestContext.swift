import Hummingbird
import Logging

/// The request context of every route the host serves.
public struct AtriumRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    /// The address of the connection's other end, when there is a connection.
    public let peerAddress: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
    }

    /// A context for a request answered in-process, with no connection (`atrium render`, a module
    /// calling its own sandbox).
    init(logger: Logger) {
        coreContext = .init(source: InProcessSource(logger: logger))
        peerAddress = nil
    }

    /// Action bodies are small; refuse anything larger than 1 MiB.
    public var maxUploadSize: Int { 1024 * 1024 }
}

/// Where an in-process request comes from: nothing but a logger.
private struct InProcessSource: RequestContextSource {
    let logger: Logger
}
