import AtriumPages
import AtriumSupport
import NIOCore
import Synchronization

/// One open scene stream's loop (``SceneEventStream`` opens it): it writes its group's states with
/// its own form token, a keep-alive comment when due, and where to go once its session no longer
/// lets it in.
///
/// Kept apart from the request on purpose: an idle stream holds this object and the frame of
/// ``run(writing:)`` for as long as it is open, so they keep only what the loop needs between
/// events — nothing of the request, its context or the page's responder (the live benchmark's
/// memory per idle stream measures it).
package final class OpenSceneStream: Sendable {
    private let member: LiveScenes.Member
    private let group: LiveScenes.Group
    private let live: LiveScenes
    /// The stream's own first render until it is written (then only the group's latest is kept).
    private let first: Mutex<LiveState?>
    private let formToken: String
    private let lastEventID: String?
    /// Where the visitor must go now that its session changed or the keep-alive is due; nil while
    /// the session still lets it in.
    private let sessionEnded: @Sendable () async throws -> String?

    init(
        member: LiveScenes.Member, group: LiveScenes.Group, live: LiveScenes, first: LiveState, formToken: String,
        lastEventID: String?, sessionEnded: @escaping @Sendable () async throws -> String?
    ) {
        self.member = member
        self.group = group
        self.live = live
        self.first = Mutex(first)
        self.formToken = formToken
        self.lastEventID = lastEventID
        self.sessionEnded = sessionEnded
    }

    /// Frees the stream's places (its caps, its group) at once: the client went away.
    package func close() {
        member.close()
        live.close(member, in: group)
    }

    /// A stream whose body never ran (a response dropped before it was written) frees its places
    /// too: nothing but its body and the connection's close hold it, and that one holds it weakly.
    deinit { close() }

    /// Writes the stream through `write` until it ends.
    package func run(writing write: (ByteBuffer) async throws -> Void) async throws {
        defer { close() }
        var sent = lastEventID
        // The state to write next; nil while waiting, so an idle stream holds no document of its own.
        var next = first.withLock { first in
            defer { first = nil }
            return first
        }
        while !member.isClosing {
            if let state = next {
                next = nil
                if case .redirect(let location) = state {
                    try await write(SceneEventStream.event("redirect", id: nil, data: SceneEventStream.locationJSON(location)))
                    break
                }
                if let id = state.id, id != sent {
                    try await send(state, through: write)
                    sent = id
                }
            }
            await member.wake.wait()
            if member.isClosing { break }
            let isTick = member.takeTick()
            if isTick {
                try await write(ByteBuffer(staticString: ": keep-alive\n\n"))
            }
            // The session may have ended (a sign-out, here or on another host; an expiry). Checked
            // in a child task, so the lookup's frames are not kept by this long-lived one.
            if member.takeSessionChange() || isTick, let ended = try await ChildTask.apart(sessionEnded) {
                next = .redirect(ended)
                continue
            }
            next = group.latest
        }
        if member.isEvicted {
            // Closed to make room for a newer stream: its client comes back, after a while, with
            // the last id it saw (so a client at its cap does not take turns with itself at once).
            try await write(ByteBuffer(string: Self.evicted))
        } else if member.isLeaving {
            // The host is stopping: its client resumes on another host with the last id it saw,
            // after a wait of its own (spread, so a host's clients do not all come back at once).
            try await write(ByteBuffer(string: Self.leaving(retryMilliseconds: Int.random(in: Self.leavingRetry))))
        }
    }

    /// What a stream writes last when its host stops: a comment, and when to come back.
    static func leaving(retryMilliseconds: Int) -> String { ": this host is restarting; resume on another\nretry: \(retryMilliseconds)\n\n" }

    /// When, in milliseconds, a stream of a stopping host is told to come back: at random in this range.
    static let leavingRetry = 500...5000

    /// What an evicted stream writes last: a comment, and how long to wait before coming back.
    static let evicted = ": closed to make room for a newer stream\nretry: \(Int(evictedRetry.components.seconds) * 1000)\n\n"
    static let evictedRetry = Duration.seconds(10)

    /// Writes one state with this stream's form token (a function of its own, so its buffers are
    /// not part of the loop's frame).
    @inline(never)
    private func send(_ state: LiveState, through write: (ByteBuffer) async throws -> Void) async throws {
        guard case .state(let page, let id, _, _) = state else { return }
        let event = SceneEventStream.event("scene", id: id, page: page, token: formToken)
        try await write(event)
        live.counters.wrote(event.readableBytes)
    }
}
