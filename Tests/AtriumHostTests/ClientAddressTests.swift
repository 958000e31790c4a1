import AtriumListener
import Testing

@testable import AtriumHost
@testable import AtriumRuntime

@Suite("Client addresses behind proxies")
struct ClientAddressTests {
    @Test func aPeerThatIsNoTrustedProxyIsTheClientWhateverItsHeadersSay() {
        #expect(ClientAddress.resolve(peer: "203.0.113.9", forwardedFor: ["198.51.100.1"], trustedProxies: []) == "203.0.113.9")
        #expect(ClientAddress.resolve(peer: "203.0.113.9", forwardedFor: ["198.51.100.1"], trustedProxies: ["10.0.0.2"]) == "203.0.113.9")
    }

    @Test func behindTrustedProxiesTheRightmostUntrustedEntryIsTheClient() {
        let proxies: Set = ["10.0.0.2", "10.0.0.3"]
        // The client wrote "1.2.3.4" itself; the first proxy appended what it saw.
        #expect(ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: ["1.2.3.4, 198.51.100.7"], trustedProxies: proxies) == "198.51.100.7")
        #expect(
            ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: ["1.2.3.4, 198.51.100.7, 10.0.0.3"], trustedProxies: proxies) == "198.51.100.7")
        #expect(ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: ["1.2.3.4", "198.51.100.7"], trustedProxies: proxies) == "198.51.100.7")
        #expect(ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: ["2001:db8::1"], trustedProxies: proxies) == "2001:db8:0:0::/64")
    }

    @Test func withoutAUsableEntryTheProxyAnswersForTheRequest() {
        let proxies: Set = ["10.0.0.2"]
        #expect(ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: [], trustedProxies: proxies) == "10.0.0.2")
        #expect(ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: ["10.0.0.2"], trustedProxies: proxies) == "10.0.0.2")
        #expect(ClientAddress.resolve(peer: "10.0.0.2", forwardedFor: ["evil, <script>"], trustedProxies: proxies) == "10.0.0.2")
        #expect(ClientAddress.resolve(peer: nil, forwardedFor: ["1.2.3.4"], trustedProxies: proxies) == ClientAddress.inProcess)
    }

    /// Found by trying to break the host: one IPv6 client took a new address of its /64 for each
    /// guess and so escaped the throttle.
    @Test func anIPv6ClientCountsAsItsSlash64AndAMappedIPv4AsItself() {
        let one = ClientAddress.resolve(peer: "2001:db8:1:2::1", forwardedFor: [], trustedProxies: [])
        #expect(one == "2001:db8:1:2::/64")
        #expect(ClientAddress.resolve(peer: "2001:0db8:0001:0002:ffff:0:0:9", forwardedFor: [], trustedProxies: []) == one)
        #expect(ClientAddress.resolve(peer: "2001:db8:1:3::1", forwardedFor: [], trustedProxies: []) != one)
        #expect(ClientAddress.resolve(peer: "::ffff:198.51.100.7", forwardedFor: [], trustedProxies: []) == "198.51.100.7")
        #expect(ClientAddress.resolve(peer: "::1", forwardedFor: [], trustedProxies: []) == "0:0:0:0::/64")
    }

    @Test(arguments: ["127.0.0.1", "10.0.0.2", "::1", "2001:db8::1"])
    func addressesAreAddresses(_ text: String) { #expect(ClientAddress.isIPAddress(text)) }

    @Test(arguments: ["", "localhost", "10.0.0", "10.0.0.256", "1.2.3.4/24", String(repeating: "1", count: 100), "1.2.3.4\u{0}"])
    func otherTextIsNot(_ text: String) { #expect(!ClientAddress.isIPAddress(text)) }
}
