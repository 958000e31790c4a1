import AtriumHTTP
import AtriumRendering
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import AtriumStorage
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
/// JSON document, exactly what `Accept: application/json` answers (in the schema version the
/// client declared: `Accept: text/event-stream; schema=1`). A client reconnecting with
/// `Last-Event-ID` gets the document only if it differs from the one that id named. The stream is
/// re-rendered when the change feed says something its last render read changed (on any host), and
/// every ``LiveScenes/keepAlive`` besides, when a comment keeps the connection alive through proxies if
/// nothing changed; states coalesce (a stream that could not write keeps only the latest). It ends,
/// with `event: redirect` and the path a GET would go to, when the route's guard no longer lets the
/// visitor in or the session it was opened with ends (sign-out, expiry, revocation); and when the
/// host shuts down (the client reconnects elsewhere).
package struct SceneEventStream: SceneStreamStep {
    let live: LiveScenes
    let registry: HostRegistry
    /// `http.maxStreams`, `http.maxStreamsPerAddress` and `http.maxStreamsPerVisitor`, as derived.
    let caps: StreamCaps

    package init(live: LiveScenes, registry: HostRegistry, caps: StreamCaps) {
        self.live = live
        self.registry = registry
        self.caps = caps
    }

    package func respond(to request: Request, context: AtriumRequestContext, scene: SceneResponder) async throws -> Response {
        // A HEAD answers what its GET would, without a body: it opens nothing and holds no place.
        if request.method == .head { return Self.head }
        // What a connection keeps of its request (its head) it keeps for as long as the stream
        // lasts: an EventSource's head is a few hundred bytes, and a large one is refused.
        guard Self.headBytes(of: request) <= ConnectionGuard.largeRequestBytes else {
            return Self.refusal(.init(code: 431), "This request's headers are too large for a live page.")
        }
        let token = scene.pages.cookie.token(in: request)
        let opening = context.session ?? RequestSession(store: scene.sessions, token: token)
        let record = try await opening.current()
        let address = scene.clientAddress(of: request, context: context)
        let visitor = record?.visitorID ?? "address:" + address
        let sessionHash = token.map(SessionStore.hash)
        guard case .success(let member) = live.open(visitor: visitor, address: address, sessionHash: sessionHash, caps: caps) else {
            return Self.refusal(.serviceUnavailable, "This host serves no live pages now. Reload the page to see it as it is now.")
        }
        let page = LivePage(request: request, context: context)
        // Streams of one page share renders: every visitor's when the scene never asked who is
        // watching, else those of one session. A group renders from its key alone (the page's
        // address, the schema version its clients declared, the language they read, and the
        // session for a session's group), never with one watcher's request: a group of everyone
        // renders with no session at all, so a state that would ask who is watching sees nobody,
        // never one watcher's data shown to others. Watchers of one page in two languages are two
        // groups: a change costs a render per language watched, not per watcher.
        let schema = context.sceneSchema(of: request)
        let language = scene.pages.language(of: request)
        let version = (schema == SceneSchema.current ? "" : " schema:\(schema)") + (language.map { " language:\($0)" } ?? "")
        let everyone = "\(scene.route.method) \(page.path)\(version) everyone"
        let theirs = "\(scene.route.method) \(page.path)\(version) session:\(sessionHash ?? visitor)"
        let first: LiveRender
        let readsVisitor: Bool
        let formToken: String
        do {
            if let watched = live.current(among: [everyone, theirs]) {
                // Watched already: its group's latest state is the page as it is now.
                (first, readsVisitor) = (watched.latest, watched.key == theirs)
            } else {
                // The stream's own first render, with the request's session (its middleware just
                // read it) and the client's address.
                let request = scene.sceneRequest(
                    path: page.path, routeValues: page.routeValues, returnTo: page.returnTo, clientAddress: address, session: opening,
                    language: language)
                (first, readsVisitor) = await LiveRender.of(
                    scene: scene, schema: schema, language: language, noting: { await scene.respond(request) })
            }
            formToken = try await opening.csrfToken()
        } catch {
            live.close(member, in: nil)
            throw error
        }
        let renderer = GroupRenderer(scene: scene, page: page, schema: schema, language: language, sessionToken: readsVisitor ? token : nil)
        let group = live.join(member, key: readsVisitor ? theirs : everyone, first: first) { await renderer.render() }
        if group.latest.id != first.id { group.invalidate() }
        let stream = OpenSceneStream(
            member: member, group: group, live: live, first: first, formToken: formToken, lastEventID: Self.lastEventID(of: request),
            sessionEnded: sessionCheck(scene: scene, token: token, path: page.path, openedAs: record?.userID))
        // A client that goes away frees its stream at once, not at the next write. Held weakly: a
        // response dropped unwritten frees it too (OpenSceneStream's deinit).
        context.connectionClosed?.whenComplete { [weak stream] _ in stream?.close() }
        var response = Response(
            status: .ok, headers: Self.streamHeaders,
            body: ResponseBody { writer in try await stream.run(writing: &writer) })
        scene.pages.cookie.apply(opening.cookieChange, to: &response)
        return response
    }

    /// Where the visitor must go when the stream's session no longer lets it in: the guard's sign-in
    /// page, or the page itself (it now shows another visitor's view) when the session it was opened
    /// with is gone; nil while it is fine. What it needs is taken now, so the stream keeps no more.
    private func sessionCheck(scene: SceneResponder, token: String?, path: String, openedAs: String?) -> @Sendable () async throws -> String? {
        let sessions = scene.sessions
        let signIn: String? =
            scene.route.guard == .signedIn
            ? (registry.pagePath(for: .signIn) ?? "/") + QueryText.encode(LocalPath.validated(path).map { [("returnTo", $0)] } ?? []) : nil
        let users = registry.capability(.currentUser)
        return {
            let userID = try await RequestSession(store: sessions, token: token).current()?.userID
            if let signIn {
                guard let userID, let users, try await users.user(withID: userID) != nil else { return signIn }
            }
            return userID == openedAs ? nil : path
        }
    }

    static let lastEventID = HTTPField.Name("Last-Event-ID")!

    /// The id a reconnecting client last saw: an id this host gives (32 hexadecimal digits) or
    /// nothing; anything longer is ignored, never kept with the stream.
    static func lastEventID(of request: Request) -> String? {
        guard let id = request.headers[lastEventID], id.utf8.count <= maxEventIDLength else { return nil }
        return id
    }

    static let maxEventIDLength = 64

    /// About how many bytes the request's head took: its path and header fields.
    static func headBytes(of request: Request) -> Int {
        request.headers.reduce(request.uri.string.utf8.count) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4 }
    }

    /// What a HEAD of a stream answers: the stream's headers, no body.
    static let head = Response(status: .ok, headers: streamHeaders)
    static let streamHeaders: HTTPFields = [.contentType: ResponseFormat.eventStream.contentType, .cacheControl: "no-store", accelBuffering: "no"]
    /// Tells nginx not to buffer the stream.
    static let accelBuffering = HTTPField.Name("X-Accel-Buffering")!

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

    /// A state's event: `page` with `token` in its places written straight after its `data: `
    /// (one buffer per stream and state, not two); framed line by line, as ``event(_:id:data:)``
    /// does, should the document ever hold a newline.
    static func event(_ name: String, id: String, page: RenderedPage, token: String?) -> ByteBuffer {
        var event = ByteBufferAllocator().buffer(capacity: page.count + (token?.utf8.count ?? 0) * page.tokenOffsets.count + 96)
        event.writeString("event: \(name)\nid: \(id)\ndata: ")
        let start = event.writerIndex
        page.write(token: token, to: &event)
        guard !event.readableBytesView[start...].contains(0x0A) else { return Self.event(name, id: id, data: page.body(token: token)) }
        event.writeString("\n\n")
        return event
    }

    static func locationJSON(_ location: String) -> ByteBuffer {
        ByteBuffer(data: (try? JSONSerialization.data(withJSONObject: ["location": location], options: [.withoutEscapingSlashes])) ?? Data())
    }

    static func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var response = Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
        if status == .serviceUnavailable { response.headers[.retryAfter] = PageWriter.retryAfter }
        return response
    }
}
