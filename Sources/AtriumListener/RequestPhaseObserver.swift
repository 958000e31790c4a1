import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Sits after the HTTP decoder and tells the connection's ``ConnectionGuard`` where each request
/// stands: head in, body done, response begun and ended; and ends the connection after a large
/// request's response. It also refuses a request whose
/// `Transfer-Encoding` is anything but `chunked` (the only coding this server reads) with `501 Not
/// Implemented`, as RFC 9112 asks, before the application sees it: its body cannot be framed.
final class RequestPhaseObserver: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let connection: ConnectionGuard
    /// True once a request has been refused here: nothing more is passed on.
    private var isRefused = false

    init(connection: ConnectionGuard) { self.connection = connection }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isRefused else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if let coding = head.headerFields[.transferEncoding], !Self.isChunkedOnly(coding) {
                isRefused = true
                connection.refuse(501, "Not Implemented")
                return
            }
            connection.requestHeadArrived()
        case .body:
            break
        case .end:
            connection.requestEnded()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where head.status.kind != .informational:
            connection.responseStarted(head)
            if connection.closesAfterResponse {
                // A large request was the connection's last (see ConnectionGuard): the client is told.
                head.headerFields[.connection] = "close"
                context.write(wrapOutboundOut(.head(head)), promise: promise)
                return
            }
        case .end:
            connection.responseEnded()
            if connection.closesAfterResponse {
                let written = promise ?? context.eventLoop.makePromise()
                written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
                context.write(data, promise: written)
                return
            }
        default: break
        }
        context.write(data, promise: promise)
    }

    /// Whether a `Transfer-Encoding` value is exactly the chunked coding (any case and spacing).
    static func isChunkedOnly(_ value: String) -> Bool {
        let codings = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return codings == ["chunked"]
    }
}
