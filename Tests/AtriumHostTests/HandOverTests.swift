#if os(Linux)
    import AtriumHTTP
    import AtriumSDK
    import Foundation
    import Glibc
    import Logging
    import ServiceLifecycle
    import Synchronization
    import Testing

    @testable import AtriumHost
    @testable import AtriumListener
    @testable import AtriumStorage

    /// A host handing over to a new process on one machine: descriptors travel over the hand-over
    /// point, and while both processes serve one SQLite file neither's caches hide the other's writes.
    @Suite("Hand-over")
    struct HandOverTests {
        struct Note: Codable, Sendable, Equatable { var text: String }

        func databasePath() -> String {
            FileManager.default.temporaryDirectory.appending(path: "atrium-hand-over-\(UUID().uuidString)/db.sqlite").path
        }

        @Test func aDescriptorSentOverThePointIsTheSameOpenFile() throws {
            let point = HandOverPoint(databasePath: databasePath())
            #expect(try point.connect() == nil, "nobody listens yet")
            let listening = try point.listen()
            defer { close(listening) }
            #expect(throws: HandOverFailure.self, "one host listens at a point") { _ = try point.listen() }
            let taker = try #require(try point.connect())
            defer { close(taker) }
            let giver = accept(listening, nil, nil)
            defer { close(giver) }
            let peer = try #require(HandOverPoint.peer(of: giver))
            #expect(peer.uid == getuid() && peer.pid == getpid())

            var pipeEnds: [CInt] = [0, 0]
            #expect(pipe(&pipeEnds) == 0)
            defer { close(pipeEnds[0]) }
            try HandOverPoint.send("\(HandOverPoint.greeting) \(getpid())", descriptors: [pipeEnds[1], pipeEnds[1]], on: giver)
            close(pipeEnds[1])
            let (line, descriptors) = try #require(try HandOverPoint.receive(on: taker, keepingDescriptors: true))
            #expect(line == "\(HandOverPoint.greeting) \(getpid())")
            #expect(descriptors.count == 2)
            // Written through the descriptor received, read from the pipe's other end.
            #expect(write(descriptors[0], "hi", 2) == 2)
            for descriptor in descriptors { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: 8)
            #expect(read(pipeEnds[0], &bytes, 8) == 2 && bytes[0...1] == [104, 105])

            try HandOverPoint.send(HandOverPoint.ready, on: taker)
            #expect(try HandOverPoint.receive(on: giver)?.line == HandOverPoint.ready)
            close(taker)
            #expect(try HandOverPoint.receive(on: giver) == nil, "a closed connection is nil: the other process has gone")
        }

        @Test func twoPathsOfOneDatabaseNameOnePoint() throws {
            let path = databasePath()
            let folder = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            #expect(HandOverPoint(databasePath: path).name == HandOverPoint(databasePath: folder + "/./db.sqlite").name)
            #expect(HandOverPoint(databasePath: path).name != HandOverPoint(databasePath: databasePath()).name)
        }

        @Test func whileAnotherProcessWritesTheFileNoCachedReadHidesItsWrite() async throws {
            let path = databasePath()
            // Two storages on one file stand for two processes: each its own connections and caches.
            let serving = try SQLiteStorage(path: path)
            let other = try SQLiteStorage(path: path)
            defer {
                try? serving.close()
                try? other.close()
            }
            let mine = serving.records(module: "m", owner: .user("u"))
            let theirs = other.records(module: "m", owner: .user("u"))
            try await mine.save(Note(text: "one"), id: "1", in: "notes")
            #expect(try await mine.record(Note.self, id: "1", in: "notes") == Note(text: "one"))
            _ = try await theirs.update(Note.self, id: "1", in: "notes") { $0?.text = "two" }
            #expect(
                try await mine.record(Note.self, id: "1", in: "notes") == Note(text: "one"),
                "alone, a host's cache is true only because no other process writes: what the watch is for")

            try serving.shareWithAnotherProcess()
            #expect(serving.changes.othersWrite)
            serving.changes.catchUp()
            #expect(try await mine.record(Note.self, id: "1", in: "notes") == Note(text: "two"), "caught up before the request")
            for round in 3...20 {
                _ = try await theirs.update(Note.self, id: "1", in: "notes") { $0?.text = "\(round)" }
                serving.changes.catchUp()
                #expect(try await mine.record(Note.self, id: "1", in: "notes") == Note(text: "\(round)"))
            }
            // Without a request, the watch looks by itself: a live page hears of the change.
            let heard = Mutex(false)
            serving.changes.subscribe { changes in
                if changes.contains(where: { if case .everything = $0 { true } else { false } }) { heard.withLock { $0 = true } }
            }
            _ = try await theirs.update(Note.self, id: "1", in: "notes") { $0?.text = "last" }
            for _ in 0..<100 where !heard.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
            #expect(heard.withLock { $0 })
            #expect(try await mine.record(Note.self, id: "1", in: "notes") == Note(text: "last"))

            serving.serveAlone()
            #expect(!serving.changes.othersWrite)
        }

        @Test func aNewProcessNotReadyInTimeIsToldSoAndTheHostServesAloneAgain() async throws {
            let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
            let path = databasePath()
            let storage = try SQLiteStorage(path: path)
            try storage.claimForServing()
            var settings = HTTPSettings()
            settings.port = try ClosedPort().port
            let listener = HostListener(settings: settings, logger: quiet)
            defer { try? storage.close() }
            for _ in 0..<1000 where listener.listeningDescriptor == nil { try await Task.sleep(for: .milliseconds(10)) }
            let offer = HandOverOffer(storage: storage, listener: listener, take: nil, logger: quiet, readyWithin: .milliseconds(300))
            let group = ServiceGroup(services: [offer], logger: quiet)
            let running = Task { try await group.run() }

            var taking: HandOverTake?
            for _ in 0..<1000 where taking == nil {
                taking = try HandOverTake.begin(databasePath: path)
                if taking == nil { try await Task.sleep(for: .milliseconds(10)) }
            }
            let take = try #require(taking, "the serving host offers at its point")
            #expect(storage.changes.othersWrite, "beside the new process, the host looks at the file's changes")
            // The new process boots for longer than the host waits.
            for _ in 0..<500 where storage.changes.othersWrite { try await Task.sleep(for: .milliseconds(10)) }
            #expect(!storage.changes.othersWrite, "it stopped waiting: alone again")
            let late = try SQLiteStorage(path: path)
            defer { try? late.close() }
            await #expect(throws: HandOverTake.Refused.self, "a late `ready` is refused: the new process must not accept") {
                try await take.ready(storage: late, logger: quiet)
            }
            #expect(!listener.drain.isLeaving, "the host serves on")
            #expect(try HandOverTake.begin(databasePath: path) != nil, "and offers again to the next process")

            await group.triggerGracefulShutdown()
            try await running.value
            await listener.abandon()
        }
    }
#endif
