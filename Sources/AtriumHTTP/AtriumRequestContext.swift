import AtriumPages
import Hummingbird
import Logging
import NIOCore
import Tracing

/// The request context of every route the host serves: the connection's address and closing, what
/// the request's `Accept` asks for, and its span.
package struct AtriumRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage

    /// The address of the connection's other end, when there is a connection. Read as the request
    /// comes in, not when first asked: NIO forgets a channel's addresses once it closes, and a
    /// client that sent a request and reset its connection would then count as no address at all
    /// (`ClientAddress.inProcess`) for the throttles.
    package let peerAddress: String?
    /// Completes when the connection closes (a live stream's client went away), when there is one.
    package let connectionClosed: EventLoopFuture<Void>?
    /// What the request's `Accept` asks for, negotiated once as it comes in (``ServingGeneration``).
    package var accepted: ResponseFormat.Negotiated?
    /// The request's server span while tracing is on (``RequestLogMiddleware``): the scene route
    /// names its module on it.
    package var span: (any Span)?

    /// What `request` asks for: as negotiated when it came in, else (a request answered in-process)
    /// negotiated now.
    func format(of request: Request) -> ResponseFormat.Negotiated {
        accepted ?? ResponseFormat.negotiate(request.headers.value(of: .accept))
    }

    /// The scene schema's version `request`'s JSON documents (a page's or a live stream's) follow.
    package func sceneSchema(of request: Request) -> Int {
        format(of: request).answeredSchema
    }

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress.flatMap(Self.text(of:))
        connectionClosed = source.channel.closeFuture
    }

    /// The text of `address`: an IPv4 address written here from its four bytes (NIO's `ipAddress`
    /// makes an array and calls `inet_ntop`, about 1 % of a page), any other as NIO writes it.
    static func text(of address: SocketAddress) -> String? {
        guard case .v4(let v4) = address else { return address.ipAddress }
        let bits = UInt32(bigEndian: v4.address.sin_addr.s_addr)
        return String(unsafeUninitializedCapacity: 15) { buffer in
            var count = 0
            for shift in stride(from: UInt32(24), through: 0, by: -8) {
                if shift != 24 {
                    buffer[count] = UInt8(ascii: ".")
                    count += 1
                }
                let byte = (bits >> shift) & 0xFF
                if byte >= 100 {
                    buffer[count] = UInt8(ascii: "0") + UInt8(byte / 100)
                    count += 1
                }
                if byte >= 10 {
                    buffer[count] = UInt8(ascii: "0") + UInt8(byte / 10 % 10)
                    count += 1
                }
                buffer[count] = UInt8(ascii: "0") + UInt8(byte % 10)
                count += 1
            }
            return count
        }
    }

    /// A context for a request answered in-process, with no connection (`atrium render`, a module
    /// calling its own sandbox).
    package init(logger: Logger) {
        coreContext = .init(source: InProcessSource(logger: logger))
        peerAddress = nil
        connectionClosed = nil
    }

    /// Action and endpoint bodies are small; refuse anything larger than 1 MiB.
    package var maxUploadSize: Int { PageRequest.bodyLimit }
}

/// Where an in-process request comes from: nothing but a logger.
private struct InProcessSource: RequestContextSource {
    let logger: Logger
}
