#if os(Linux)
    import AtriumHTTP
    import AtriumListener
    import AtriumStorage
    import Foundation
    import Glibc
    import Logging
    import ServiceLifecycle
    import Synchronization

    /// A host serving an SQLite file offers its listening socket to a new process
    /// (`atrium serve --take-over`) at the file's ``HandOverPoint``, one process at a time: it
    /// hands over the socket and its lock file, serves beside the new process while it boots
    /// (looking at the file's changes: ``SQLiteStorage/shareWithAnotherProcess()``) and, when the
    /// new process says it is ready, stops accepting and drains (``HostListener/handOver()``). A new
    /// process that stops before it is ready leaves this host serving, alone again.
    package final class HandOverOffer: Service, Sendable {
        let storage: SQLiteStorage
        let listener: HostListener
        let logger: Logger
        /// When this host took over itself: it offers once the host before it has gone (that host
        /// still listens at the point until then).
        let take: HandOverTake?
        /// How long a new process may boot before this host stops waiting for its `ready` and
        /// serves alone again (the new process is told and exits).
        let readyWithin: Duration
        private let stopped = Atomic<Bool>(false)

        package init(
            storage: SQLiteStorage, listener: HostListener, take: HandOverTake?, logger: Logger,
            readyWithin: Duration = .seconds(600)
        ) {
            self.storage = storage
            self.listener = listener
            self.take = take
            self.logger = logger
            self.readyWithin = readyWithin
        }

        package func run() async throws {
            await withGracefulShutdownHandler {
                await offer()
            } onGracefulShutdown: {
                self.stopped.store(true, ordering: .relaxed)
            }
            // A service that returns ends its group: this one waits for the host to stop.
            try? await gracefulShutdown()
        }

        /// Listens at the point until a new process takes over or the host stops.
        private func offer() async {
            if let take {
                // The host before this one listens at the point until it has gone.
                let gone = await withTaskGroup(of: Bool.self) { group in
                    group.addTask {
                        await take.giverGone()
                        return true
                    }
                    group.addTask {
                        try? await gracefulShutdown()
                        return false
                    }
                    defer { group.cancelAll() }
                    return await group.next() ?? false
                }
                guard gone else { return }
            }
            guard !Task.isCancelled, !stopped.load(ordering: .relaxed), !listener.drain.isLeaving else { return }
            let point = HandOverPoint(databasePath: storage.path)
            let descriptor: CInt
            do {
                descriptor = try point.listen()
            } catch {
                logger.warning("no hand-over: a new process cannot take over this host", metadata: ["error": "\(error)"])
                return
            }
            let finished = AsyncStream<Void>.makeStream()
            Thread.detachNewThread { [self] in
                offer(at: descriptor)
                finished.continuation.finish()
            }
            for await _ in finished.stream {}
        }

        /// Waits for a new process at `descriptor` until one takes over or the host stops, then closes it.
        private func offer(at descriptor: CInt) {
            defer { _ = close(descriptor) }
            while !stopped.load(ordering: .relaxed) && !listener.drain.isLeaving {
                guard let connection = HandOverPoint.accept(on: descriptor, waiting: 200) else { continue }
                guard let peer = HandOverPoint.peer(of: connection), peer.uid == getuid() else {
                    logger.warning("a process of another user asked to take over: refused")
                    _ = close(connection)
                    continue
                }
                if handOver(on: connection, to: peer.pid) { return }
            }
        }

        /// Hands the socket to the process at `connection`; true once it has taken over (the
        /// connection then stays open until this process exits: its closing tells the other that
        /// this one has gone).
        private func handOver(on connection: CInt, to process: pid_t) -> Bool {
            guard let socket = listener.listeningDescriptor, let lock = storage.claimDescriptor else {
                try? HandOverPoint.send("not serving yet", on: connection)
                _ = close(connection)
                return false
            }
            do {
                try storage.shareWithAnotherProcess()
                try HandOverPoint.send("\(HandOverPoint.greeting) \(getpid())", descriptors: [socket, lock], on: connection)
            } catch {
                logger.warning("the hand-over could not begin", metadata: ["process": "\(process)", "error": "\(error)"])
                _ = close(connection)
                storage.serveAlone()
                return false
            }
            logger.notice("a new process is taking over: serving beside it until it is ready", metadata: ["process": "\(process)"])
            let milliseconds = CInt(clamping: readyWithin.components.seconds * 1000 + readyWithin.components.attoseconds / 1_000_000_000_000_000)
            guard HandOverPoint.readable(connection, within: milliseconds) else {
                try? HandOverPoint.send(HandOverPoint.tooLate, on: connection)
                _ = close(connection)
                storage.serveAlone()
                logger.warning(
                    "the new process was not ready in time: serving on, alone",
                    metadata: ["process": "\(process)", "waited": "\(readyWithin)"])
                return false
            }
            guard let answer = try? HandOverPoint.receive(on: connection), answer.line == HandOverPoint.ready else {
                _ = close(connection)
                storage.serveAlone()
                logger.warning("the new process stopped before it was ready: serving on", metadata: ["process": "\(process)"])
                return false
            }
            logger.notice("the new process is ready: no longer accepting, draining", metadata: ["process": "\(process)"])
            let listener = listener
            Task {
                await listener.handOver()
                await listener.stoppedAccepting()
                // The new process accepts from now on; the connections waiting meanwhile are in the socket's queue.
                try? HandOverPoint.send(HandOverPoint.yours, on: connection)
            }
            return true
        }
    }
#endif
