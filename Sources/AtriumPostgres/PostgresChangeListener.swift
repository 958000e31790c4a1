import AtriumObservability
import AtriumStorage
import Logging
import PostgresNIO
import Synchronization

/// This host's ear on PostgreSQL's change feed: one connection of its own, outside the pool, that
/// `LISTEN`s for every host's announcements (``PostgresChangeAnnouncer``) and hands them to the
/// ``ChangeFeed``. Notifications sent while it is disconnected are lost, so while it is down the
/// feed doubts (caches suspended, reads go to the database, said in the log and in
/// `/health/ready`), and once it listens again the feed vouches from the current position with
/// empty caches. A ping every two seconds finds a connection that died silently, and vouches again
/// after the storage was found down while this connection stayed up.
final class PostgresChangeListener: Sendable {
    let configuration: PostgresConnection.Configuration
    let channel: String
    let feed: ChangeFeed
    let logger: Logger
    /// How often the connection is checked, and how long a check may take.
    let pingInterval: Duration

    init(configuration: PostgresConnection.Configuration, channel: String, feed: ChangeFeed, logger: Logger, pingInterval: Duration = .seconds(2)) {
        self.configuration = configuration
        self.channel = channel
        self.feed = feed
        self.logger = logger
        self.pingInterval = pingInterval
    }

    /// Listens until cancelled, reconnecting (after 0.1 s, doubling to 5 s) whenever the
    /// connection is lost.
    func run() async {
        var delay = Duration.milliseconds(100)
        var wasConnected = true
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: Logger.quiet)
                if !wasConnected { logger.notice("change feed: listening again; caches start empty") }
                wasConnected = true
                delay = .milliseconds(100)
                try await listen(on: connection)
            } catch is CancellationError {
                break
            } catch {
                if Task.isCancelled { break }
                if wasConnected {
                    logger.warning(
                        "change feed: the listening connection is down; pages read the database until it is back",
                        metadata: ["error": "\(StorageErrorText.describe(error).prefix(300))"])
                }
                wasConnected = false
            }
            feed.doubt()
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(5))
        }
        feed.doubt()
    }

    /// Listens on one connection until it fails: vouches once `LISTEN` is in place and the current
    /// position is read, then applies each notification. Returns (throwing why) as soon as the
    /// notifications end, the listening fails or a ping goes unanswered, without waiting for the
    /// dead connection's clean-up (which may never end): that runs on its own.
    private func listen(on connection: PostgresConnection) async throws {
        let (failures, failed) = AsyncStream.makeStream(of: (any Error).self)
        let isListening = Flag()
        let (feed, channel, pingInterval) = (feed, channel, pingInterval)
        let session = Task {
            do {
                try await connection.listen(on: channel) { notifications in
                    var position: Int64 = 0
                    let rows = try await connection.query("SELECT position FROM atrium_feed WHERE id = 1", logger: Logger.quiet)
                    for try await value in rows.decode(Int64.self) { position = value }
                    feed.vouch(from: position)
                    isListening.set()
                    for try await notification in notifications { Self.apply(notification.payload, to: feed) }
                }
                failed.yield(Ended())
            } catch {
                failed.yield(error)
            }
        }
        let pinger = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: pingInterval)
                guard await Self.answers(connection, within: pingInterval) else {
                    failed.yield(Unanswered())
                    return
                }
                // The storage was found down meanwhile (the feed doubted) but this connection
                // stayed: nothing was lost, and the caches start again empty.
                if isListening.isSet, !feed.isVouched { feed.vouch(from: feed.seen) }
            }
        }
        var reasons = failures.makeAsyncIterator()
        let reason = await reasons.next() ?? CancellationError()
        session.cancel()
        pinger.cancel()
        Task { try? await connection.close() }
        throw reason
    }

    /// The notification stream ended: the connection closed.
    struct Ended: Error {}

    /// Set once `LISTEN` is in place and the feed vouched.
    final class Flag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .acquiring) }
        func set() { value.store(true, ordering: .releasing) }
    }

    /// Whoever answers first — the ping or its deadline — resumes the waiting task.
    final class Answer: Sendable {
        let waiting = Mutex<CheckedContinuation<Bool, Never>?>(nil)
    }

    /// A ping that did not come back in time.
    struct Unanswered: Error {}

    /// Whether the connection answers `SELECT 1` within `deadline`; never waits longer, whatever
    /// the connection does.
    private static func answers(_ connection: PostgresConnection, within deadline: Duration) async -> Bool {
        let answer = Answer()
        return await withCheckedContinuation { continuation in
            answer.waiting.withLock { $0 = continuation }
            let resume: @Sendable (Bool) -> Void = { value in answer.waiting.withLock { $0.take() }?.resume(returning: value) }
            Task { resume((try? await connection.query("SELECT 1", logger: Logger.quiet)) != nil) }
            Task {
                try? await Task.sleep(for: deadline)
                resume(false)
            }
        }
    }

    /// Applies one notification (see ``PostgresChangeAnnouncer/announce(_:from:trace:to:on:logger:)``): the
    /// position counts once the transaction's last payload arrived; this host's own changes were
    /// applied as they committed. A line this host cannot read counts as "anything may have changed".
    /// The changes are announced inside the writing span when the header names one (the live pages
    /// they wake link to it).
    static func apply(_ payload: String, to feed: ChangeFeed) {
        let lines = payload.split(separator: "\n", omittingEmptySubsequences: false)
        let header = (lines.first ?? "").split(separator: " ")
        let number = header.first ?? ""
        let isLast = !number.hasSuffix("+")
        let position = Int64(isLast ? number : number.dropLast())
        let isOwn = header.count >= 2 && header[1] == feed.origin
        let changes = isOwn ? [] : lines.dropFirst().map { StorageChange(line: $0) ?? .everything }
        guard header.count >= 3, !changes.isEmpty else {
            feed.committed(changes, position: isLast ? position : nil)
            return
        }
        HostTracing.within(traceparent: String(header[2])) { feed.committed(changes, position: isLast ? position : nil) }
    }
}
