import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 connection with the host's guard in front: ``ConnectionGuard`` on the
/// raw bytes (deadlines, the cap's bookkeeping) and ``RequestPhaseObserver`` after the decoder.
/// Hummingbird's own idle timeout is left off: it is renewed by every byte, so a head or body
/// sent a byte at a time never ends.
package struct GuardedHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    package typealias Value = HTTP1Channel.Value

    package let responder: HTTPChannelHandler.Responder
    let registry: ConnectionRegistry

    package init(responder: @escaping HTTPChannelHandler.Responder, registry: ConnectionRegistry) {
        self.responder = responder
        self.registry = registry
    }

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let http = HTTP1Channel(responder: responder)
        do {
            let connection = ConnectionGuard(registry: registry)
            try channel.pipeline.syncOperations.addHandler(connection)
            // NIO keeps each connection's read buffers for the next reads, sized by this allocator
            // (2 KB by default, growing to 64 KB): 1 KB fits a request head with its cookies and
            // costs idle connections and open streams half as much; a bigger read grows it, up to
            // the size past which a request is the connection's last (ConnectionGuard), since NIO
            // never shrinks a buffer it keeps.
            try channel.syncOptions?.setOption(.recvAllocator, value: Self.readBuffers)
            // Child channels are set up on their own event loop.
            return http.setup(channel: channel, logger: logger).assumeIsolated().flatMapThrowing { value in
                let state = try channel.pipeline.syncOperations.handler(type: HTTPConnectionStateHandler.self)
                try channel.pipeline.syncOperations.addHandler(RequestPhaseObserver(connection: connection), position: .before(state))
                return value
            }.nonisolated()
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
    }

    static let readBuffers = AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 1024, maximum: ConnectionGuard.largeRequestBytes)

    package func handle(value: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: value, logger: logger)
    }
}
