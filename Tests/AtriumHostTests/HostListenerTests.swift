import AtriumListener
import AtriumRuntime
import AtriumSDK
import AtriumServices
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

    @Test func aConnectionIsRehearsedAndClosedWhileTheHostBoots() async {
        // Built over a socket pair and closed again: it must neither fail (the first visitor would
        // pay for the runtime's casts again, unnoticed) nor wait for a request nobody sends.
        #expect(await ConnectionRehearsal.run())
        #expect(await ConnectionRehearsal.run(), "a second rehearsal, its casts already made, builds and closes too")
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

    @Test func theDateFieldIsWrittenAsRFC9110Asks() {
        #expect(HTTPDate.text(of: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.text(of: 0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.text(of: 1_798_761_599) == "Thu, 31 Dec 2026 23:59:59 GMT")
    }

    @Test func onItsPortTheListenerDatesAndNamesEveryAnswerAndRefusesWhatWaitedWith503WhenTheHostDoesNotBoot() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        let client = HostHTTPClient()
        let serving = try await Self.listening()
        serving.listener.begin(
            try ServingGeneration(plan: host.plan, router: HostApplication(plan: host.plan, storage: host.storage, logger: Self.quiet).makeRouter()))
        let answer = try await client.send(RemoteRequest(url: serving.base + "/health/live", timeout: .seconds(60)))
        #expect(answer.status == 200)
        #expect(answer.headers["server"] == "Atrium")
        #expect(answer.headers["date"]?.wholeMatch(of: /[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT/) != nil)
        #expect(answer.headers["x-request-id"]?.wholeMatch(of: /[0-9a-f]{16}/) != nil, "one id, not two joined")
        await serving.listener.abandon()

        let booting = try await Self.listening()
        let early = Task { try await client.send(RemoteRequest(url: booting.base + "/health/live", timeout: .seconds(60))) }
        // Long enough for the request to reach the host and wait, on a machine busy with other suites.
        try await Task.sleep(for: .seconds(1))
        await booting.listener.abandon()
        let refused = try await early.value
        #expect(refused.status == 503, "the host did not boot: unavailable, not an error of the server's")
        #expect(refused.headers["date"] != nil && refused.headers["server"] == "Atrium")
    }

    /// A listener on a free loopback port, once it accepts connections.
    private static func listening() async throws -> (listener: HostListener, base: String) {
        var settings = HTTPSettings()
        settings.port = try ClosedPort().port
        let listener = HostListener(settings: settings, logger: quiet)
        let deadline = ContinuousClock.now + .seconds(30)
        while !accepts(port: settings.port) {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(10))
        }
        return (listener, "http://127.0.0.1:\(settings.port)")
    }

    private static func accepts(port: Int) -> Bool {
        let socket = tcpSocket()
        defer { close(socket) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
