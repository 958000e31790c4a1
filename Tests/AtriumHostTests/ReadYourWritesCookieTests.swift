import AtriumServices
import AtriumTestKit
import Foundation
import Testing

@testable import AtriumHTTP
@_spi(AtriumHost) @testable import AtriumHost
@testable import AtriumRuntime
@testable import AtriumStorage

/// `atrium_wrote`, the cookie that keeps read-your-writes across hosts.
@Suite("Read-your-writes cookie")
struct ReadYourWritesCookieTests {
    /// The cookie steers the host (a position past the feed's reads every page from the database),
    /// so only one this host key signed, unchanged and under a minute old, is read.
    @Test func theCookieIsReadOnlyWhenSignedFreshAndUnchanged() throws {
        let clock = TestClock()
        let feed = ChangeFeed(records: RecordCache(), sessions: SessionCache(), isShared: true)
        let key = HostKey.random()
        let middleware = try ReadYourWritesMiddleware(feed: feed, isSecure: false, hostKey: key, now: { clock.now })
        let value = middleware.value(for: 42)
        #expect(middleware.position(inHeader: "a=b; atrium_wrote=\(value); c=d") == 42)
        #expect(middleware.position(inHeader: "atrium_wrote=\(value)") == 42)
        #expect(middleware.position(inHeader: "atrium_wrote=42") == nil, "a bare number, as the cookie was")
        #expect(middleware.position(inHeader: "atrium_wrote=999999999999999999") == nil)
        let parts = value.split(separator: ".")
        #expect(middleware.position(inHeader: "atrium_wrote=999999999999999999.\(parts[1]).\(parts[2])") == nil, "a changed position")
        #expect(middleware.position(inHeader: "atrium_wrote=abc") == nil)
        #expect(middleware.position(inHeader: "atrium_wrote=" + String(repeating: "9", count: 300)) == nil)
        #expect(middleware.position(inHeader: "atrium_session=x") == nil)
        #expect(middleware.position(inHeader: "xatrium_wrote=\(value)") == nil, "another cookie whose name ends the same")
        #expect(middleware.position(inHeader: "atrium_wrote=\(value) ; c=d") == 42)
        let other = try ReadYourWritesMiddleware(feed: feed, isSecure: false, hostKey: HostKey.random(), now: { clock.now })
        #expect(other.position(inHeader: "atrium_wrote=\(value)") == nil, "another host key's")
        clock.advance(seconds: Double(ReadYourWritesMiddleware.cookieSeconds) + 1)
        #expect(middleware.position(inHeader: "atrium_wrote=\(value)") == nil, "kept past its minute")
    }
}
