import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Testing

@testable import AtriumHTTP
@_spi(AtriumHost) @testable import AtriumHost

/// The server binds while the host boots: a request that comes before the first configuration is
/// served waits for it, and is refused with 503 when the host does not boot.
@Suite("Requests while the host boots")
struct HostListenerTests {
    private static let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    private static func get(_ path: String, from responder: ReloadableResponder) async throws -> HTTPResponse.Status {
        let request = Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: path, headerFields: [.accept: "application/json"]),
            body: RequestBody(buffer: ByteBuffer())
        )
        do {
            return try await responder.respond(to: request, context: AtriumRequestContext(logger: Self.quiet)).status
        } catch let error as HTTPError {
            return error.status
        }
    }

    @Test func aRequestThatComesWhileTheHostBootsWaitsForItAndIsAnswered() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        let responder = ReloadableResponder()
        #expect(responder.generation == nil)
        let early = Task { try await Self.get("/health/live", from: responder) }
        let second = Task { try await Self.get("/notes", from: responder) }
        try await Task.sleep(for: .milliseconds(50))
        let generation = try ServingGeneration(
            plan: host.plan, router: HostApplication(plan: host.plan, storage: host.storage, logger: Self.quiet).makeRouter())
        responder.begin(generation)
        #expect(try await early.value == .ok)
        #expect(try await second.value == .ok)
        #expect(try await Self.get("/health/live", from: responder) == .ok, "and every request after")
        #expect(responder.generation === generation)
    }

    @Test(.timeLimit(.minutes(1))) func twoThousandRequestsThatComeWhileTheHostBootsAreEachAnswered() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        let responder = ReloadableResponder()
        let statuses = Task {
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { requests in
                for _ in 0..<2_000 { requests.addTask { try await Self.get("/health/live", from: responder) } }
                return try await requests.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        responder.begin(
            try ServingGeneration(plan: host.plan, router: HostApplication(plan: host.plan, storage: host.storage, logger: Self.quiet).makeRouter()))
        let answered = try await statuses.value
        #expect(answered.count == 2_000)
        #expect(answered.allSatisfy { $0 == .ok })
    }

    @Test func whenTheHostDoesNotBootWhatWaitedAndWhatComesIsRefused() async throws {
        let responder = ReloadableResponder()
        let early = Task { try await Self.get("/health/live", from: responder) }
        try await Task.sleep(for: .milliseconds(50))
        responder.abandon()
        #expect(try await early.value == .serviceUnavailable)
        #expect(try await Self.get("/health/live", from: responder) == .serviceUnavailable)
        #expect(responder.generation == nil)
    }

    @Test func aReloadBeforeTheFirstConfigurationIsServedChangesNothing() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        let responder = ReloadableResponder()
        let generation = try ServingGeneration(
            plan: host.plan, router: HostApplication(plan: host.plan, storage: host.storage, logger: Self.quiet).makeRouter())
        #expect(responder.swap(to: generation) == nil)
        #expect(responder.generation == nil, "still booting")
        responder.abandon()
    }
}
