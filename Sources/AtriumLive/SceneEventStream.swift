import AtriumListener
import AtriumPages
import AtriumRendering
import AtriumRuntime
import AtriumSDK
import AtriumStorage
import Foundation
import NIOCore

/// A scene page asked for with `Accept: text/event-stream`: Server-Sent Events of that scene, behind
/// the same first steps (parameters, session, guard: ``SceneRouteAnswerer/admit(_:)``) as the page.
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
/// visitor in or the session it was opened with ends (sign-out, expiry, revocation), or its module is
/// switched off (to the home page); and when the
/// host shuts down (the client reconnects elsewhere).
package struct SceneEventStream: Sendable {
    let live: LiveScenes
    /// `http.maxStreams`, `http.maxStreamsPerAddress` and `http.maxStreamsPerVisitor`, as derived.
    let caps: StreamCaps

    package init(live: LiveScenes, caps: StreamCaps) {
        self.live = live
        self.caps = caps
    }

    /// What a stream's request is answered: the stream, or an answer instead (a HEAD, a refusal, a
    /// page the route's first steps answered: not found, the sign-in page).
    package enum Opening: Sendable {
        case stream(OpenSceneStream, cookies: [String])
        /// A HEAD: the stream's fields, no body.
        case head
        case answer(PageAnswer)
    }

    /// The stream's header fields (``PageAnswer`` fields are pages'; a stream has its own).
    package static let fields: [(name: String, value: String)] = [
        ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"), ("X-Accel-Buffering", "no"),
    ]

    /// Opens `route`'s stream for `request`, past the route's first steps (its parameters, the
    /// session, the guard) as its page takes them.
    package func open(_ request: PageRequest, route scene: SceneRouteAnswerer) async throws -> Opening {
        let admitted: SceneRouteAnswerer.Admitted
        switch try await scene.admit(request) {
        case .success(let request): admitted = request
        case .failure(.notFound): return .answer(try await scene.standard.notFound(request))
        case .failure(.answer(let answer)): return .answer(answer)
        }
        // A HEAD answers what its GET would, without a body: it opens nothing and holds no place.
        if request.method == .head { return .head }
        // What a connection keeps of its request (its head) it keeps for as long as the stream
        // lasts: an EventSource's head is a few hundred bytes, and a large one is refused.
        guard Self.headBytes(of: request) <= ConnectionGuard.largeRequestBytes else {
            return .answer(Self.refusal(431, "This request's headers are too large for a live page."))
        }
        let opening = admitted.session
        let token = opening.cookieToken
        let record = try await opening.current()
        let address = scene.clientAddress(of: request)
        let visitor = record?.visitorID ?? "address:" + address
        let sessionHash = token.map(SessionStore.hash)
        guard case .success(let member) = live.open(visitor: visitor, address: address, sessionHash: sessionHash, caps: caps) else {
            return .answer(Self.refusal(503, "This host serves no live pages now. Reload the page to see it as it is now."))
        }
        let page = WatchedAddress(admitted)
        // Streams of one page share renders: every visitor's when the scene never asked who is
        // watching, else those of one session. A group renders from its key alone (the page's
        // address, the schema version its clients declared, the language they read, and the
        // session for a session's group), never with one watcher's request: a group of everyone
        // renders with no session at all, so a state that would ask who is watching sees nobody,
        // never one watcher's data shown to others. Watchers of one page in two languages are two
        // groups: a change costs a render per language watched, not per watcher.
        let schema = admitted.page.format.answeredSchema
        let language = admitted.page.language
        let version = (schema == SceneSchema.current ? "" : " schema:\(schema)") + (language.map { " language:\($0)" } ?? "")
        let everyone = "\(scene.route.method) \(page.path)\(version) everyone"
        let theirs = "\(scene.route.method) \(page.path)\(version) session:\(sessionHash ?? visitor)"
        let first: LiveState
        let readsVisitor: Bool
        let formToken: String
        do {
            if let watched = live.current(among: [everyone, theirs]) {
                // Watched already: its group's latest state is the page as it is now.
                (first, readsVisitor) = (watched.latest, watched.key == theirs)
            } else {
                // The stream's own first render, with the request's session (its first steps just
                // read it) and the client's address.
                let request = scene.sceneRequest(
                    path: page.path, routeValues: page.routeValues, returnTo: page.returnTo, clientAddress: address, session: opening,
                    language: language)
                (first, readsVisitor) = await LiveState.of(scene: scene, schema: schema, language: language, noting: { await scene.respond(request) })
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
            member: member, group: group, live: live, first: first, formToken: formToken,
            lastEventID: Self.lastEventID(of: request),
            sessionEnded: sessionCheck(scene: scene, token: token, path: page.path, openedAs: record?.userID, live: live))
        return .stream(stream, cookies: scene.writer.cookie.setCookie(for: opening.cookieChange).map { [$0] } ?? [])
    }

    /// Where the visitor must go when the stream's session no longer lets it in: the guard's sign-in
    /// page, or the page itself (it now shows another visitor's view) when the session it was opened
    /// with is gone; nil while it is fine. The same check as the route's guard (``SignedInCheck``);
    /// what it needs is taken now, so the stream keeps no more. The home page when the scene's module
    /// was switched off.
    private func sessionCheck(
        scene: SceneRouteAnswerer, token: String?, path: String, openedAs: String?, live: LiveScenes
    ) -> @Sendable () async throws -> String? {
        let sessions = scene.sessions
        let signedIn = scene.signedIn
        let signIn = signedIn?.signInPath(returningTo: path)
        let module = scene.route.moduleID
        return {
            if live.isOff(module) { return "/" }
            let userID = try await RequestSession(store: sessions, token: token).current()?.userID
            if let signedIn, let signIn, try await !signedIn.exists(userID) { return signIn }
            return userID == openedAs ? nil : path
        }
    }

    /// The id a reconnecting client last saw: an id this host gives (32 hexadecimal digits) or
    /// nothing; anything longer is ignored, never kept with the stream.
    static func lastEventID(of request: PageRequest) -> String? {
        guard let id = request.fields.value(.lastEventID), id.utf8.count <= maxEventIDLength else { return nil }
        return id
    }

    static let maxEventIDLength = 64

    /// About how many bytes the request's head took: its path and header fields.
    static func headBytes(of request: PageRequest) -> Int {
        request.fields.all().reduce(request.target.utf8.count) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
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

    /// A state's event: `page` with `token` in its places written straight after its `data: `
    /// (one buffer per stream and state, not two); framed line by line, as ``event(_:id:data:)``
    /// does, should the document ever hold a newline.
    static func event(_ name: String, id: String, page: RenderedScreen, token: String?) -> ByteBuffer {
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

    static func refusal(_ status: Int, _ message: String) -> PageAnswer {
        PageAnswer(
            status: status, fields: .plain(.text), extra: status == 503 ? [(name: "Retry-After", value: AnswerWriter.retryAfter)] : [],
            body: ByteBuffer(string: message + "\n"))
    }
}
