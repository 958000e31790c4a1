import HTTPTypes
import NIOCore

/// The first handler of every connection, on its raw bytes: it holds the connection to its
/// deadlines (``ConnectionTimeouts``) and answers what the HTTP layer above cannot.
///
/// - A head that has not fully arrived by its deadline is answered `408 Request Timeout` and the
///   connection closed; a kept-alive connection that sends nothing is closed quietly.
/// - A body that has not fully arrived by its deadline is answered 408 when no response has begun
///   (else the connection is just closed).
/// - A request whose answer has not begun by the request timeout (from its head) is answered
///   `503 Service Unavailable` and the connection closed: nothing a request waits on holds a
///   connection, or a host that is stopping, for longer.
/// - A response being written is never cut short by a timeout, however long it runs; only a client
///   that has stopped reading it (the socket stays full) for the idle timeout is let go.
/// - A client that closes its side while a live stream (`text/event-stream`) is being written has
///   gone: the connection closes at once, so the stream's place is free (it would otherwise be
///   noticed only at its next write).
/// - A request larger than ``largeRequestBytes`` (head and body as read) is answered with
///   `Connection: close` and the connection closed once its answer is written: what the layers
///   above keep of a connection's last request (Hummingbird holds its head until the next one
///   comes; NIO's read buffers keep the size they grew to) would otherwise stay with an idle
///   connection, and a client could pin a connection's worth of a large head on every one.
///
/// ``RequestPhaseObserver``, after the HTTP decoder, tells it where each request stands. Both run
/// on the connection's event loop.
package final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer
    package typealias InboundOut = ByteBuffer

    enum Phase: Equatable {
        /// Waiting for a request's head; `partly` once some of it has come.
        case awaitingHead(partly: Bool)
        case readingBody
        /// The request is read; its response is being made or written.
        case responding
    }

    private let registry: ConnectionRegistry
    private let timeouts: ConnectionTimeouts
    private var slot: ConnectionRegistry.Slot?
    private var context: ChannelHandlerContext?
    private var timer: Scheduled<Void>?
    private(set) var phase = Phase.awaitingHead(partly: false)
    /// When the current phase must be over; nil while responding.
    private var deadline: NIODeadline?
    /// When the answer of the request being answered must have begun.
    private var answerDeadline: NIODeadline?
    /// Requests whose head came in and whose response has not ended.
    private var pendingResponses = 0
    private var isResponseStarted = false
    private var unwritableSince: NIODeadline?
    private var isFinished = false
    /// Bytes read since the connection last waited for a request.
    private var requestBytes = 0
    /// Whether the connection closes once the response being written has ended.
    private(set) var closesAfterResponse = false
    /// Requests whose head came in on this connection.
    private var heads = 0
    /// The listener stopped accepting before this connection's first request came: the client
    /// sent it, or is sending it, to a listener it saw accept, so the request is answered (with
    /// `Connection: close`) rather than the connection closed under it, which resets it.
    private var quiescesAfterFirstHead = false

    /// How long a connection the listener accepted just before it stopped may take to send its
    /// first request.
    static let firstRequestGrace: TimeAmount = .seconds(1)

    /// A request this large (head and body as read) is the connection's last: every normal page
    /// and form is a small fraction of it.
    package static let largeRequestBytes = 8192

    init(registry: ConnectionRegistry) {
        self.registry = registry
        self.timeouts = registry.timeouts
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let slot = ConnectionRegistry.Slot(channel: context.channel)
        self.slot = slot
        let now = NIODeadline.now()
        slot.waitingSince.store(Int64(now.uptimeNanoseconds), ordering: .relaxed)
        registry.register(slot)
        deadline = now + timeouts.head
        scheduleCheck(context)
    }

    /// Looks at the deadlines every tick while the connection is open (one timer per connection,
    /// not one per request).
    private func scheduleCheck(_ context: ChannelHandlerContext) {
        timer = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(in: timeouts.tick) { [weak self] in
            guard let self, let context = self.context else { return }
            self.check()
            if !self.isFinished { self.scheduleCheck(context) }
        }
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        if let slot { registry.unregister(slot) }
        self.context = nil
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        requestBytes += unwrapInboundIn(data).readableBytes
        if requestBytes > Self.largeRequestBytes { closesAfterResponse = true }
        if phase == .awaitingHead(partly: false) {
            phase = .awaitingHead(partly: true)
            // A kept-alive connection's next head gets the head timeout from its first byte.
            if pendingResponses == 0, deadline.map({ $0 - NIODeadline.now() > timeouts.head }) ?? true {
                deadline = .now() + timeouts.head
            }
        }
        context.fireChannelRead(data)
        if quiescesAfterFirstHead, heads > 0 {
            // The head is through: HTTP closes the connection once it has answered it.
            quiescesAfterFirstHead = false
            context.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, heads == 0 {
            quiescesAfterFirstHead = true
            let grace = NIODeadline.now() + Self.firstRequestGrace
            deadline = deadline.map { min($0, grace) } ?? grace
            return
        }
        if let event = event as? ChannelEvent, event == .inputClosed, slot?.streamingSince.load(ordering: .relaxed) ?? 0 != 0 {
            close()
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    package func channelWritabilityChanged(context: ChannelHandlerContext) {
        unwritableSince = context.channel.isWritable ? nil : .now()
        context.fireChannelWritabilityChanged()
    }

    // MARK: What the HTTP layer saw

    func requestHeadArrived() {
        heads += 1
        pendingResponses += 1
        phase = .readingBody
        let now = NIODeadline.now()
        deadline = now + timeouts.body
        if answerDeadline == nil { answerDeadline = now + timeouts.request }
        slot?.waitingSince.store(0, ordering: .relaxed)
    }

    func requestEnded() {
        guard phase == .readingBody else { return }
        if pendingResponses == 0 {
            awaitNextRequest()
        } else {
            phase = .responding
            deadline = nil
        }
    }

    func responseStarted(_ head: HTTPResponse? = nil) {
        isResponseStarted = true
        answerDeadline = nil
        // Scanned, not looked up: `HTTPFields`' subscript joins every value of the name into a new string.
        if let head, head.headerFields.contains(where: { $0.name == .contentType && $0.value.utf8.starts(with: Self.eventStream) }) {
            slot?.streamingSince.store(Int64(NIODeadline.now().uptimeNanoseconds), ordering: .relaxed)
        }
    }

    private static let eventStream = "text/event-stream".utf8

    func responseEnded() {
        pendingResponses = max(0, pendingResponses - 1)
        isResponseStarted = false
        slot?.streamingSince.store(0, ordering: .relaxed)
        if phase == .responding && pendingResponses == 0 { awaitNextRequest() }
    }

    private func awaitNextRequest() {
        let now = NIODeadline.now()
        requestBytes = 0
        phase = .awaitingHead(partly: false)
        deadline = now + timeouts.idle
        slot?.waitingSince.store(Int64(now.uptimeNanoseconds), ordering: .relaxed)
    }

    /// Answers with a bare status and closes the connection: for requests the application never
    /// sees (a head or body too slow, a transfer coding this server does not know).
    func refuse(_ status: Int, _ reason: String) {
        guard let context, !isFinished else { return }
        isFinished = true
        let text = "HTTP/1.1 \(status) \(reason)\r\nconnection: close\r\ncontent-length: 0\r\n\r\n"
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(string: text))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    private func close() {
        guard let context, !isFinished else { return }
        isFinished = true
        context.close(promise: nil)
    }

    // MARK: Deadlines

    private func check() {
        let now = NIODeadline.now()
        if let since = unwritableSince, now - since >= timeouts.idle {
            close()
            return
        }
        if let answerDeadline, now >= answerDeadline, !isResponseStarted, phase == .responding {
            refuse(503, "Service Unavailable")
            return
        }
        guard let deadline, now >= deadline else { return }
        switch phase {
        case .awaitingHead(partly: true): refuse(408, "Request Timeout")
        case .awaitingHead(partly: false): close()
        case .readingBody: isResponseStarted ? close() : refuse(408, "Request Timeout")
        case .responding: break
        }
    }
}
