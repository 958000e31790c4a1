#if os(Linux)
    import AtriumListener
    import AtriumStorage
    import Foundation
    import Glibc
    import Logging
    import Synchronization

    /// A new process's side of a hand-over (`atrium serve --take-over`): what the host serving the
    /// SQLite file handed it, its listening socket and its lock file, and the conversation with that
    /// host (see ``HandOverPoint``). The new process boots beside the serving host (both look at the
    /// file's changes meanwhile: ``SQLiteStorage/shareWithAnotherProcess()``) and says when it is
    /// ready (``ready(storage:logger:)``); the other host stops accepting, this one accepts from
    /// then on, the other drains and exits, and this one serves alone (``giverGone()``).
    package final class HandOverTake: Sendable {
        /// The listening socket, served from ``ready(storage:logger:)`` on.
        package let socket: CInt
        /// The lock file, as the serving host holds it: the claim passes without a gap.
        package let lock: CInt
        /// The process handing over.
        package let giver: Int32
        private let connection: CInt
        private let gone: AsyncStream<Void>
        private let goneNow: AsyncStream<Void>.Continuation

        private init(socket: CInt, lock: CInt, giver: Int32, connection: CInt) {
            (self.socket, self.lock, self.giver, self.connection) = (socket, lock, giver, connection)
            (gone, goneNow) = AsyncStream<Void>.makeStream()
        }

        /// Why a hand-over could not begin.
        package struct Refused: Error, CustomStringConvertible {
            package var description: String
        }

        /// Asks the host serving the database at `databasePath` for its socket; nil when no host
        /// serves it (this process then serves as usual).
        package static func begin(databasePath: String) throws -> HandOverTake? {
            let point = HandOverPoint(databasePath: databasePath)
            guard let connection = try point.connect() else { return nil }
            guard let (line, descriptors) = try HandOverPoint.receive(on: connection, keepingDescriptors: true) else {
                _ = close(connection)
                throw Refused(description: "the host serving \(databasePath) closed the hand-over before handing its socket")
            }
            let words = line.split(separator: " ")
            guard words.count == 2, words[0] == HandOverPoint.greeting, let giver = Int32(words[1]), descriptors.count == 2 else {
                for descriptor in descriptors { _ = close(descriptor) }
                _ = close(connection)
                throw Refused(description: "the host serving \(databasePath) did not hand over: \(line)")
            }
            return HandOverTake(socket: descriptors[0], lock: descriptors[1], giver: giver, connection: connection)
        }

        /// This process has booted: it names itself in the lock file (`atrium reload` finds it) and
        /// tells the other host, which stops accepting; returns once it has (or has gone), and this
        /// one may accept. When the other host has exited, `storage` serves alone. Throws when the
        /// other host stopped waiting (it serves on): this process must not accept.
        package func ready(storage: SQLiteStorage, logger: Logger) async throws {
            storage.nameServingProcess()
            do {
                try HandOverPoint.send(HandOverPoint.ready, on: connection)
            } catch {
                logger.warning("the host handing over could not be told this one is ready", metadata: ["error": "\(error)"])
            }
            let (connection, giver, goneNow) = (self.connection, self.giver, self.goneNow)
            let (answered, answer) = AsyncStream<Bool>.makeStream()
            Thread.detachNewThread {
                // `yours`, then nothing until the other host exits and its end closes.
                while let line = try? HandOverPoint.receive(on: connection) {
                    if line.line == HandOverPoint.yours { answer.finish() }
                    if line.line == HandOverPoint.tooLate {
                        answer.yield(false)
                        answer.finish()
                        _ = close(connection)
                        return
                    }
                }
                answer.finish()
                _ = close(connection)
                storage.serveAlone()
                logger.notice("the host that handed over has stopped: serving alone", metadata: ["process": "\(giver)"])
                goneNow.finish()
            }
            for await taken in answered where !taken {
                throw Refused(description: "the host handing over stopped waiting for this one to be ready: it serves on")
            }
        }

        /// Returns once the host that handed over has exited.
        package func giverGone() async {
            for await _ in gone {}
        }
    }
#endif
