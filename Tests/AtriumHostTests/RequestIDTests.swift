import AtriumSDK
import AtriumTestKit
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import AtriumFixtures
@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumObservability

#if canImport(Glibc)
    import Glibc
#endif

/// Every request has an id, answered in `X-Request-Id` and carried by every line logged while it
/// is handled: the host's, the module's through its context, and the module's boot-time logger's.
@Suite("Request ids")
struct RequestIDTests {
    struct Broken: Error {}

    @Test func everyAnswerCarriesAnIdAndEveryLineOfItsRequestCarriesTheSame() async throws {
        let log = TestLog()
        let host = try await TestHost.boot(modules: Fixture.catalog, configuration: Fixture.notesAndAccounts, log: log)
        defer { host.tearDown() }
        let (page, stored, refused) = try await host.run { browser in
            let page = try await browser.get("/notes")
            let stored = try await browser.post("/notes", form: ["text": "milk"])
            let refused = try await browser.post("/notes", form: ["text": "  "])
            return (page, stored, refused)
        }
        let ids = [page, stored, refused].compactMap { $0.headers[HTTPField.Name("X-Request-Id")!] }
        #expect(ids.count == 3 && Set(ids).count == 3, "one id per request: \(ids)")
        #expect(ids.allSatisfy { $0.wholeMatch(of: /[0-9a-f]{16}/) != nil })
        #expect([page, stored, refused].allSatisfy { $0.headers[values: HTTPField.Name("X-Request-Id")!].count == 1 }, "named once")
        func lines(of id: String) -> [TestLog.Line] { log.lines.filter { $0.metadata["request-id"] == id } }
        #expect(lines(of: ids[0]).contains { $0.message.hasPrefix("GET /notes 200") }, "the request's own line")
        #expect(lines(of: ids[1]).contains { $0.message == "note stored" && $0.metadata["count"] == "1" }, "the module's boot-time logger")
        #expect(lines(of: ids[2]).contains { $0.message == "empty note refused" && $0.metadata["module"] == "notes" }, "the scene's context logger")
        let requestLines = log.lines.filter { $0.message.hasPrefix("GET ") || $0.message.hasPrefix("POST ") || $0.message == "note stored" }
        #expect(requestLines.count >= 4 && requestLines.allSatisfy { $0.metadata["request-id"] != nil }, "no line of a request goes without its id")
    }

    @Test func aTrustedProxysWellFormedIdIsKeptAndAnythingElseReplaced() {
        let proxies: Set<String> = ["10.0.0.1"]
        #expect(RequestID.resolve(header: "abc-123_x.y:z", peer: "10.0.0.1", trustedProxies: proxies) == "abc-123_x.y:z")
        #expect(RequestID.resolve(header: String(repeating: "a", count: 128), peer: "10.0.0.1", trustedProxies: proxies).count == 128)
        for bad in ["", String(repeating: "a", count: 129), "a b", "a\nb", "é", "<script>", "a;b"] {
            #expect(RequestID.resolve(header: bad, peer: "10.0.0.1", trustedProxies: proxies) != bad, "\(bad.debugDescription)")
        }
        #expect(RequestID.resolve(header: "forged", peer: "192.0.2.9", trustedProxies: proxies) != "forged", "not from a trusted proxy")
        #expect(RequestID.resolve(header: "forged", peer: nil, trustedProxies: proxies) != "forged")
        #expect(RequestID.make() != RequestID.make())
        let first = RequestID.make()
        let second = RequestID.make()
        #expect(first.wholeMatch(of: /[0-9a-f]{16}/) != nil, "\(first)")
        #expect(first.prefix(8) == second.prefix(8), "one prefix per process")
        #expect(UInt32(second.suffix(8), radix: 16) == UInt32(first.suffix(8), radix: 16)! &+ 1, "then a counter")
    }

    @Test func aRequestThisHostDeliversToItselfKeepsTheCallersId() {
        RequestID.$current.withValue("caller-1") {
            #expect(RequestID.resolve(header: nil, peer: nil, trustedProxies: []) == "caller-1")
        }
    }

    /// The lines `write` logs through a logger with `handler`'s output, as a file would hold them.
    static func lines(
        _ handler: @escaping @Sendable (String, BufferedLogOutput) -> any LogHandler, _ write: (inout Logger) -> Void
    ) throws -> [String] {
        let path = FileManager.default.temporaryDirectory.appending(path: "log-\(UUID().uuidString).log").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer {
            close(descriptor)
            try? FileManager.default.removeItem(atPath: path)
        }
        let output = BufferedLogOutput(fileDescriptor: descriptor)
        var logger = Logger(label: "atrium") { handler($0, output) }
        write(&logger)
        output.flush()
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func jsonLinesAreOneObjectEachWithModuleRequestIDAndMetadata() async throws {
        let lines = try Self.lines({ HostLogHandler(label: $0, output: $1, format: .json) }) { logger in
            logger[metadataKey: "module"] = "notes"
            RequestID.$current.withValue("req-1") {
                logger.info("stored \"it\"\nthen", metadata: ["count": "2"])
            }
            logger.warning("outside")
        }
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["level"] as? String == "info" && first["message"] as? String == "stored \"it\"\nthen")
        #expect(first["module"] as? String == "notes" && first["requestID"] as? String == "req-1")
        #expect((first["metadata"] as? [String: String]) == ["count": "2"])
        #expect((first["time"] as? String)?.hasSuffix("Z") == true)
        let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(second["requestID"] == nil && second["level"] as? String == "warning")
    }

    @Test func hummingbirdsRequestIDIsKeptButLinesCarryTheHostsOwn() async throws {
        let lines = try Self.lines({ HostLogHandler(label: $0, output: $1, format: .text) }) { logger in
            logger[metadataKey: "hb.request.id"] = "hb-1"
            #expect(logger[metadataKey: "hb.request.id"] == "hb-1", "Hummingbird reads it back as the context's id")
            RequestID.$current.withValue("req-9") { logger.info("GET / 200 0.1ms") }
        }
        #expect(lines.count == 1)
        #expect(lines[0].contains(" request-id=req-9 [") && !lines[0].contains("hb-1"), "\(lines[0])")
    }

    @Test func jsonStringsAreEscaped() throws {
        let text = JSONLogLine.quoted("a \"quoted\" \\ line\nwith\ttabs and \u{1}\u{2028}é")
        let decoded = try JSONDecoder().decode(String.self, from: Data(text.utf8))
        #expect(decoded == "a \"quoted\" \\ line\nwith\ttabs and \u{1}\u{2028}é")
        let value = JSONLogLine.json(.dictionary(["list": .array([.string("x"), .stringConvertible(3)]), "b": "y"]))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(value.utf8)) as? [String: Any])
        #expect(object["b"] as? String == "y" && (object["list"] as? [String]) == ["x", "3"])
        #expect(JSONLogLine.timestamp(Date(timeIntervalSince1970: 1_800_000_000.25)) == "2027-01-15T08:00:00.250Z")
    }

    @Test func textLinesKeepSwiftLogsFormatWithTheRequestsIDAmongTheMetadata() async throws {
        let lines = try Self.lines({ HostLogHandler(label: $0, output: $1, format: .text) }) { logger in
            RequestID.$current.withValue("req-7") { logger.info("GET /notes 200 1.0ms") }
            logger[metadataKey: "module"] = "notes"
            RequestID.$current.withValue("req-8") { logger.warning("stored", error: Broken(), metadata: ["count": "2"]) }
            logger.notice("outside")
        }
        #expect(lines.count == 3)
        let time = #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}/#
        #expect(lines[0].wholeMatch(of: /(?<time>\S+) info atrium: request-id=req-7 \[AtriumHostTests\] GET \/notes 200 1.0ms/) != nil, "\(lines[0])")
        #expect(lines[0].prefixMatch(of: time) != nil)
        #expect(
            lines[1].hasSuffix(
                " warning atrium: count=2 error.message=Broken() error.type=AtriumHostTests.RequestIDTests.Broken module=notes request-id=req-8 [AtriumHostTests] stored"
            ),
            "\(lines[1])")
        #expect(lines[2].hasSuffix(" notice atrium: module=notes [AtriumHostTests] outside"), "\(lines[2])")
    }
}
