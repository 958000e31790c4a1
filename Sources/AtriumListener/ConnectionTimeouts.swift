import NIOCore

/// How long a connection may take over each part of a request (`http.headTimeoutSeconds`,
/// `http.bodyTimeoutSeconds`, `http.idleTimeoutSeconds`, `http.requestTimeoutSeconds`). A response
/// in progress has no limit: only a client that stops reading it for the idle timeout is let go.
package struct ConnectionTimeouts: Sendable, Equatable {
    /// A request's head, from its first byte (or, on a new connection, from connecting).
    var head: TimeAmount
    /// A request's body, from the end of its head.
    var body: TimeAmount
    /// Between requests on a kept-alive connection; and a response the client has stopped reading.
    var idle: TimeAmount
    /// A request's answer, from its head to the answer's first byte: past it, 503 and the
    /// connection closes (a host that stops waits this long at most for its requests in flight).
    var request: TimeAmount

    package init(head: TimeAmount, body: TimeAmount, idle: TimeAmount, request: TimeAmount = .seconds(30)) {
        self.head = head
        self.body = body
        self.idle = idle
        self.request = request
    }

    /// How often a connection looks at its deadlines: a quarter of the shortest, at most a second.
    var tick: TimeAmount { .nanoseconds(max(50_000_000, min(1_000_000_000, min(head, body, idle, request).nanoseconds / 4))) }
}
