import AtriumCatalog
import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import AtriumHTTP
@testable import AtriumPages
@testable import AtriumRuntime
@testable import AtriumStorage

/// A page asked for again is answered with the screen its last load made while nothing that load
/// read has changed; these tests hold the kept answers to never outliving what they depend on.
@Suite("Kept answers")
struct KeptAnswersTests {
    struct Note: Codable, Sendable, Equatable { var text: String }

    let storage: SQLiteStorage
    let answers: LoadCache
    let screen = DeferredScreen(key: ScreenKey(host: "kept"), make: { Screen(title: "Kept", content: []) })

    init() throws {
        storage = try SQLiteStorage(
            path: FileManager.default.temporaryDirectory.appending(path: "atrium-kept-\(UUID().uuidString)/db.sqlite").path)
        // An hour: a test on a busy machine must not see an answer age out between two steps.
        answers = LoadCache(feed: storage.changes, maximumAge: .seconds(3600))
    }

    /// A load of `path` that reads what `body` reads, kept as the host keeps it.
    func load(
        _ path: String = "/notes", token: String? = nil, session: SessionRecord? = nil, _ body: @Sendable () async throws -> Void = {}
    ) async throws {
        let start = answers.start(module: "m")
        let log = RecordReadLog()
        try await log.recording { try await body() }
        answers.keep(
            screen, for: 0, path: path, token: token, module: "m", log: log, session: session, cookieChanged: false, since: start)
    }

    func kept(_ path: String = "/notes", token: String? = nil, at now: ContinuousClock.Instant = .now) -> LoadCache.Answer? {
        answers.answer(route: 0, path: path, token: token, now: now)
    }

    @Test func aChangeToWhatTheLoadReadForgetsTheAnswerAndNothingElseDoes() async throws {
        defer { try? storage.close() }
        let notes = storage.records(module: "m", owner: .user("u"))
        try await load { _ = try await notes.record(Note.self, id: "1", in: "notes") }
        #expect(kept() != nil)
        #expect(kept("/other") == nil, "kept for its address only")
        try await storage.records(module: "m", owner: .user("someone else")).save(Note(text: "x"), id: "1", in: "notes")
        try await notes.save(Note(text: "x"), id: "2", in: "notes")
        try await storage.records(module: "other", owner: .user("u")).save(Note(text: "x"), id: "1", in: "notes")
        #expect(kept() != nil, "another owner's, another record's and another module's writes change nothing it read")
        try await notes.save(Note(text: "x"), id: "1", in: "notes")
        #expect(kept() == nil)

        try await load { _ = try await notes.records(Note.self, in: "notes") }
        try await notes.save(Note(text: "y"), id: "9", in: "notes")
        #expect(kept() == nil, "a new record of a collection it listed")
    }

    @Test func aLoadThatWroteCalledOutOrReadWhatIsNotAnnouncedIsNotKept() async throws {
        defer { try? storage.close() }
        let notes = storage.records(module: "m", owner: .user("u"))
        try await load { try await notes.save(Note(text: "x"), id: "1", in: "notes") }
        #expect(kept() == nil, "wrote")
        try await load { RecordReadLog.noteRemoteCall() }
        #expect(kept() == nil, "called a remote service")
        storage.changes.records.neverCache(module: "m", collections: ["throttles"])
        try await load { _ = try await notes.record(Note.self, id: "1", in: "throttles") }
        #expect(kept() == nil, "read a collection whose writes are not announced")
        try await load { _ = try await notes.record(Note.self, id: "1", in: "notes") }
        #expect(kept() != nil)
    }

    @Test func aChangeDuringTheLoadKeepsNothing() async throws {
        defer { try? storage.close() }
        let notes = storage.records(module: "m", owner: .user("u"))
        try await load {
            _ = try await notes.record(Note.self, id: "1", in: "notes")
            // Another request's write commits while this load runs.
            try await RecordReadLog().recording { try await notes.save(Note(text: "x"), id: "1", in: "notes") }
        }
        #expect(kept() == nil, "what it read may be from before the write")
    }

    @Test func anAnswerIsGivenForAtMostItsMaximumAge() async throws {
        defer { try? storage.close() }
        try await load()
        let answer = try #require(kept())
        #expect(kept(at: answer.keptAt + answers.maximumAge - .milliseconds(1)) != nil)
        #expect(kept(at: answer.keptAt + answers.maximumAge) == nil)
        #expect(kept() == nil, "and then forgotten")
    }

    @Test func anAnswerThatAskedWhoIsVisitingIsThatSessionsAlone() async throws {
        defer { try? storage.close() }
        let ada = SessionRecord(visitorID: "v1", userID: "ada", csrfToken: "t", expiresAt: 0, lifetime: 0)
        try await load(token: "ada's cookie", session: ada) { RecordReadLog.noteVisitor() }
        #expect(kept(token: "bob's cookie") == nil)
        let answer = try #require(kept(token: "ada's cookie"))
        #expect(answer.isFor(ada))
        var signedOut = ada
        signedOut.userID = nil
        #expect(!answer.isFor(signedOut), "the same cookie no longer signed in")
        #expect(!answer.isFor(nil), "the session is gone")

        try await load("/visitor", token: nil, session: nil) { RecordReadLog.noteVisitor() }
        #expect(kept("/visitor") == nil, "a page for whoever has no session yet is not kept")
        try await load("/shared", token: "ada's cookie", session: ada)
        #expect(kept("/shared", token: "bob's cookie") != nil, "a page that asked nobody is everyone's")
    }

    @Test func anAddressMadeUpToBeUniqueIsNotKept() async throws {
        defer { try? storage.close() }
        let long = "/notes?x=" + String(repeating: "a", count: LoadCache.longestPath)
        try await load(long)
        #expect(kept(long) == nil, "a query of a kilobyte or more is answered but not kept")
        try await load("/notes?x=a")
        #expect(kept("/notes?x=a") != nil)
    }

    @Test func aPostOfAModuleDropsItsLoadsInFlightAndNoOtherModules() async throws {
        defer { try? storage.close() }
        try await load { answers.forget(module: "other") }
        #expect(kept() != nil, "another module's post during the load")
        try await load { answers.forget(module: "m") }
        #expect(kept() == nil, "its own module's post during the load")
        #expect(LoadCache.mayHaveChanged(200) && LoadCache.mayHaveChanged(303) && LoadCache.mayHaveChanged(500))
        #expect(!LoadCache.mayHaveChanged(400) && !LoadCache.mayHaveChanged(403) && !LoadCache.mayHaveChanged(422))
    }

    @Test func aPostOfTheModuleAndAFeedThatCannotVouchForgetEverything() async throws {
        defer { try? storage.close() }
        try await load()
        answers.forget(module: "other")
        #expect(kept() != nil)
        answers.forget(module: "m")
        #expect(kept() == nil)
        try await load()
        storage.changes.committed([.everything])
        #expect(kept() == nil)
        try await load()
        ChangeFeed.$readsThrough.withValue(true) { #expect(kept() == nil, "a visitor who wrote further than this host has seen") }
    }
}

/// Kept answers on a host serving the product's modules, under posts a visitor can send at will.
@Suite("Kept answers under refused posts")
struct KeptAnswersUnderRefusedPostsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func refusedFormAndEndpointPostsLeaveAnotherVisitorsKeptPagesAlone() async throws {
        let host = try await TestHost.boot(
            modules: AtriumCatalog.modules,
            configuration: """
                modules: [login, pilot, moneybox]
                pilot:
                  licensesFile: \(Self.repository.appending(path: "Configuration/pilot-licenses.json").path)
                """)
        defer { host.tearDown() }
        try await host.run { poster in
            let reader = poster.anotherVisitor()
            // The reader's first visits (given a pass: not kept), then the pages kept for it.
            for path in ["/pilot", "/moneybox", "/pilot", "/moneybox"] { #expect(try await reader.get(path).status == 200) }
            #expect(try await poster.get("/pilot").status == 200)
            func loads(of path: String) -> Int { host.sceneReads.filter { $0.path == path && $0.method == .get }.count }
            let before = (pilot: loads(of: "/pilot"), moneybox: loads(of: "/moneybox"))
            let started = ContinuousClock.now
            for round in 0..<500 {
                // A registration with every field wrong (a valid token: the scene refuses it), and a
                // sandbox sign-in the endpoint's contract refuses.
                let refused = try await poster.post("/pilot/register", form: ["name": "", "license": "", "password": "a", "verification": "b"])
                #expect(refused.status == 422, "round \(round)")
                let endpoint = try await poster.send(
                    "/moneybox/sandbox/users/login", method: .post, headers: [.contentType: "application/json"], body: #"{"Email": 1}"#)
                #expect((400..<500).contains(endpoint.status), "round \(round): \(endpoint.status)")
                _ = try await reader.get("/pilot")
                _ = try await reader.get("/moneybox")
            }
            // A kept answer lives a second at most: the reader's pages load again about once a
            // second, never once per post.
            let seconds = Int((ContinuousClock.now - started).components.seconds)
            let pilot = loads(of: "/pilot") - before.pilot
            let moneybox = loads(of: "/moneybox") - before.moneybox
            #expect(pilot <= seconds + 2, "\(pilot) loads of /pilot in \(seconds) s of 500 refused posts")
            #expect(moneybox <= seconds + 2, "\(moneybox) loads of /moneybox in \(seconds) s of 500 refused endpoint posts")
        }
    }
}
