@_spi(AtriumHost) import AtriumSDK
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// A scene page asked for with `Accept: text/event-stream`: Server-Sent Events of that scene, behind
/// the same route middleware (parameters, session, guard) as the page.
///
/// The first event comes at once; then one whenever what the scene shows changes: `event: scene`,
/// `id:` a digest of the document (the same state has the same id on every host), `data:` the scene's
/// JSON document, exactly what `Accept: application/json` answers. A client reconnecting with
/// `Last-Event-ID` gets the document only if it differs from the one that id named. The stream is
/// re-rendered when the change feed says something its last render read changed (on any host), and
/// every ``LiveScenes/keepAlive`` besides, when a comment keeps the connection alive through proxies if
/// nothing changed; states coalesce (a stream that could not write keeps only the latest). It ends,
/// with `event: redirect` and the path a GET would go to, when the route's guard no longer lets the
/// visitor in or the session it was opened with ends (sign-out, expiry, revocation); and when the
/// host shuts down (the client reconnects elsewhere).
struct SceneEventStream: Sendable {
    let responder: SceneResponder
    let live: LiveScenes
    let registry: HostRegistry
    /// `http.maxStreams` and `http.maxStreamsPerVisitor`.
    let maxStreams: Int
    let maxStreamsPerVisitor: Int

    /// Whether the request asks for events: its `Accept` names `text/event-stream` (checked on
    /// every page request, so a scan of its bytes, with nothing allocated).
    static func isAsked(by request: Request) -> Bool {
        guard let accept = request.headers[.accept] else { return false }
        let wanted = Self.eventStream
        return accept.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.count >= wanted.count else { return false }
            for start in 0...(bytes.count - wanted.count) where bytes[start] == wanted[0] {
                var index = 1
                while index < wanted.count, bytes[start + index] | 0x20 == wanted[index] { index += 1 }
                if index == wanted.count { return true }
            }
            return false
        } ?? accept.lowercased().contains("text/event-stream")
    }

    /// `text/event-stream`, lowercase (compared with each byte's lowercase).
    private static let eventStream: [UInt8] = Array("text/event-stream".utf8)

    func response(to request: Request, context: AtriumRequestContext) async throws -> Response {
        let token = responder.pages.cookie.token(in: request)
        let opening = context.session ?? RequestSession(store: responder.sessions, token: token)
        let record = try await opening.current()
        let visitor = record?.visitorID ?? "address:" + clientAddress(request, context)
        let sessionHash = token.map(SessionStore.hash)
        let opened = live.open(visitor: visitor, sessionHash: sessionHash, maxStreams: maxStreams, maxPerVisitor: maxStreamsPerVisitor)
        let member: LiveScenes.Member
        switch opened {
        case .success(let made): member = made
        case .failure(.hostFull):
            responder.logger.warning("scene stream refused: the host serves http.maxStreams already")
            return Self.refusal(.serviceUnavailable, "This host serves as many live pages as it can. Reload the page to see it as it is now.")
        case .failure(.visitorFull):
            return Self.refusal(.tooManyRequests, "Too many live pages are open for this visitor. Close some tabs, then reload.")
        }
        // A client that goes away frees its stream at once, not at the next write.
        context.connectionClosed?.whenComplete { _ in member.close() }
        let path = request.uri.path + (request.uri.query.map { "?\($0)" } ?? "")
        // The stream's own first render, with the request's session (its middleware just read it).
        let first: LiveRender
        let readsVisitor: Bool
        let formToken: String
        do {
            (first, readsVisitor) = try await render(request: request, context: context, session: opening)
            formToken = try await opening.csrfToken()
        } catch {
            live.close(member, in: nil)
            throw error
        }
        let lastEventID = request.headers[Self.lastEventID]
        let openedAs = record?.userID
        let (live, logger) = (live, responder.logger)
        // Streams of one page share renders: every visitor's when the scene never asked who is
        // watching, else those of one session.
        let key = "\(responder.route.method) \(path) " + (readsVisitor ? "session:\(sessionHash ?? visitor)" : "everyone")
        var response = Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", Self.accelBuffering: "no"],
            body: ResponseBody { writer in
                var group: LiveScenes.Group?
                defer { live.close(member, in: group) }
                var sent = lastEventID
                var current = first
                while !member.isClosing {
                    if case .redirect(let location) = current {
                        try await writer.write(Self.event("redirect", id: nil, data: Self.locationJSON(location)))
                        try await writer.finish(nil)
                        return
                    }
                    if case .state(let page, let id, _, _) = current, id != sent {
                        let event = Self.event("scene", id: id, data: page.body(token: formToken))
                        try await writer.write(event)
                        live.counters.wrote(event.readableBytes)
                        sent = id
                    }
                    if group == nil {
                        // A group of everyone renders with no session at all: a state that would ask
                        // who is watching then sees nobody, never one watcher's data shown to others.
                        let groupToken = readsVisitor ? token : nil
                        let joined = live.join(member, key: key, first: first) {
                            let session = RequestSession(store: self.responder.sessions, token: groupToken)
                            return try? await self.render(request: request, context: context, session: session).render
                        }
                        if joined.latest.id != first.id { joined.invalidate() }
                        group = joined
                    }
                    await member.wake.wait()
                    if member.isClosing { break }
                    let isTick = member.takeTick()
                    if isTick {
                        try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                    }
                    // The session may have ended (a sign-out, here or on another host; an expiry).
                    if member.takeSessionChange() || isTick,
                        let ended = try await self.sessionEnded(token: token, path: path, openedAs: openedAs)
                    {
                        current = .redirect(ended)
                        continue
                    }
                    current = group?.latest ?? current
                }
                logger.debug("scene stream closed by the host")
                try await writer.finish(nil)
            })
        responder.pages.cookie.apply(opening.cookieChange, to: &response)
        return response
    }

    /// Where the visitor must go when the stream's session no longer lets it in: the guard's sign-in
    /// page, or the page itself (it now shows another visitor's view) when the session it was opened
    /// with is gone; nil while it is fine.
    private func sessionEnded(token: String?, path: String, openedAs: String?) async throws -> String? {
        let session = RequestSession(store: responder.sessions, token: token)
        let userID = try await session.current()?.userID
        if responder.route.guard == .signedIn {
            guard let userID, let users = registry.capability(.currentUser), try await users.user(withID: userID) != nil else {
                let signIn = registry.pagePath(for: .signIn) ?? "/"
                return signIn + QueryText.encode(LocalPath.validated(path).map { [("returnTo", $0)] } ?? [])
            }
        }
        return userID == openedAs ? nil : path
    }

    /// Renders the scene as a GET of it would be now, noting what it read and whether it asked who
    /// the visitor is.
    private func render(request: Request, context: AtriumRequestContext, session: RequestSession) async throws -> (
        render: LiveRender, readsVisitor: Bool
    ) {
        let log = RecordReadLog()
        let answer = await log.recording { await responder.respond(responder.sceneRequest(for: request, context: context, session: session)) }
        switch answer {
        case .redirect(let target):
            return (.redirect(responder.pages.links.path(of: target, for: responder.route.moduleID, logger: responder.logger) ?? "/"), true)
        case .screen(let screen, _):
            let page = responder.pages.jsonPage(for: screen, moduleID: responder.route.moduleID, logger: responder.logger)
            return (.state(page, id: Self.digest(page.body(token: nil)), reads: log.all, refresh: screen.liveRefresh), log.readsVisitor)
        }
    }

    private func clientAddress(_ request: Request, _ context: AtriumRequestContext) -> String {
        ClientAddress.resolve(
            peer: context.peerAddress, forwardedFor: request.headers[values: .xForwardedFor], trustedProxies: responder.trustedProxies)
    }

    static let lastEventID = HTTPField.Name("Last-Event-ID")!
    /// Tells nginx not to buffer the stream.
    static let accelBuffering = HTTPField.Name("X-Accel-Buffering")!

    /// The first 16 bytes of the document's SHA-256, in hexadecimal.
    static func digest(_ document: ByteBuffer) -> String {
        let hash = document.withUnsafeReadableBytes { SHA256.hash(data: $0) }
        return hash.prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// One event: its name, its id, and its data, one `data:` line per line of it (the documents
    /// have none: the JSON renderer escapes every newline). Written once per stream and state, so
    /// the bytes are copied as they are, never turned into a string.
    static func event(_ name: String, id: String?, data: ByteBuffer) -> ByteBuffer {
        var event = ByteBufferAllocator().buffer(capacity: data.readableBytes + name.utf8.count + 64)
        event.writeString("event: \(name)\n")
        if let id { event.writeString("id: \(id)\n") }
        var rest = data
        while let newline = rest.readableBytesView.firstIndex(of: 0x0A) {
            var line = rest.readSlice(length: newline - rest.readerIndex)!
            rest.moveReaderIndex(forwardBy: 1)
            event.writeString("data: ")
            event.writeBuffer(&line)
            event.writeString("\n")
        }
        event.writeString("data: ")
        event.writeBuffer(&rest)
        event.writeString("\n\n")
        return event
    }

    static func locationJSON(_ location: String) -> ByteBuffer {
        ByteBuffer(data: (try? JSONSerialization.data(withJSONObject: ["location": location], options: [.withoutEscapingSlashes])) ?? Data())
    }

    static func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store", .retryAfter: "5"],
            body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}
