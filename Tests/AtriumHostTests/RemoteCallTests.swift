import AtriumHost
import AtriumObservability
@_spi(AtriumHost) import AtriumSDK
import AtriumServices
import AtriumTestKit
import Foundation
import Logging
import Testing

@testable import AtriumHost
@testable import AtriumRuntime
@testable import AtriumServices

/// The host's HTTP client against hostile and careless upstreams: a timeout that covers the whole
/// exchange, redirects checked hop by hop, addresses a request may not reach.
@Suite("Remote calls")
struct RemoteCallTests {
    static let dripping = StubHTTPServer.Reply(body: String(repeating: "x", count: 100), drip: .seconds(1))
    /// The deadline of a call whose deadline is not what is tested: long enough that a machine busy
    /// with every other suite never reaches it, so the answer checked is the one the call gets.
    static let generous = Duration.seconds(60)

    @Test func aBodyDrippedAByteASecondEndsAtTheTimeoutAndHoldsNoConnection() async throws {
        try await StubHTTPServer.with(["/drip": Self.dripping, "/fast": .init(body: #"{"ok":true}"#)]) { stub in
            let client = HostHTTPClient()
            let started = ContinuousClock.now
            await #expect(throws: RemoteHTTPError.timedOut) {
                try await client.send(RemoteRequest(url: stub.baseURL + "/drip", timeout: .seconds(1)))
            }
            // The body takes 100 s to drip; ending anywhere near the 1 s deadline is the fix. The bound
            // is loose (half the drip) so a loaded machine's scheduling cannot fail it.
            #expect(ContinuousClock.now - started < .seconds(50), "the head came at once; the body may not take longer")
            // More dripping calls than the pool has connections for the upstream: each ends at its
            // deadline, and a normal call afterwards is answered at once.
            let parallel = ContinuousClock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        await #expect(throws: RemoteHTTPError.timedOut) {
                            try await client.send(RemoteRequest(url: stub.baseURL + "/drip", timeout: .seconds(1)))
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(ContinuousClock.now - parallel < .seconds(50), "waiting for a pooled connection is inside the deadline")
            // A connection still held by a dripping upstream would keep this call waiting past its
            // deadline (the drips last 100 s).
            let answer = try await client.send(RemoteRequest(url: stub.baseURL + "/fast", timeout: Self.generous))
            #expect(answer.status == 200)
        }
    }

    @Test func redirectsAreFollowedAndCredentialsStayOnTheirOrigin() async throws {
        try await StubHTTPServer.with(["/final": .init(body: #"{"at":"other"}"#)]) { other in
            try await StubHTTPServer.with([
                "/start": .init(status: 302, body: "", location: "/middle"),
                "/middle": .init(status: 307, body: "", location: other.baseURL + "/final"),
            ]) { stub in
                let answer = try await HostHTTPClient().send(
                    RemoteRequest(url: stub.baseURL + "/start", headers: ["Authorization": "Bearer secret"], timeout: Self.generous))
                #expect(answer.status == 200)
                #expect(String(decoding: answer.body, as: UTF8.self) == #"{"at":"other"}"#)
                #expect(stub.requests.map(\.headers["authorization"]) == ["Bearer secret", "Bearer secret"], "same origin: kept")
                #expect(other.requests.map(\.headers["authorization"]) == [nil], "another origin: dropped")
            }
        }
    }

    @Test func aRedirectToALinkLocalOrAnotherKindOfAddressIsRefused() async throws {
        try await StubHTTPServer.with([
            "/metadata": .init(status: 302, body: "", location: "http://169.254.169.254/latest/meta-data/"),
            "/loop": .init(status: 301, body: "", location: "/loop"),
        ]) { stub in
            let client = HostHTTPClient()
            await #expect(throws: RemoteHTTPError.refusedAddress("169.254.169.254 is a link-local address, and the configured 127.0.0.1 is not")) {
                try await client.send(RemoteRequest(url: stub.baseURL + "/metadata", timeout: Self.generous))
            }
            await #expect(throws: RemoteHTTPError.other("more than 5 redirects")) {
                try await client.send(RemoteRequest(url: stub.baseURL + "/loop", timeout: Self.generous))
            }
        }
    }

    @Test func anAddressFromARemoteDocumentReachesOnlyWhatItsConfiguredAddressMay() async throws {
        try await StubHTTPServer.with(["/feed.json": .init(body: "{}")]) { stub in
            let client = HostHTTPClient()
            // A document on a public address may not send the host to this machine.
            let fromPublic = RemoteReach(configured: "http://93.184.216.34/gbfs.json")
            await #expect(throws: RemoteHTTPError.self) {
                try await client.send(RemoteRequest(url: stub.baseURL + "/feed.json", timeout: Self.generous, reach: fromPublic))
            }
            // One on this machine may; held to its origin, only on its own port or a host allowed.
            let port = try #require(URL(string: stub.baseURL)?.port)
            let sameMachine = RemoteReach(configured: "http://127.0.0.1:\(port)/gbfs.json", staysOnOrigin: true)
            #expect(try await client.send(RemoteRequest(url: stub.baseURL + "/feed.json", timeout: Self.generous, reach: sameMachine)).status == 200)
            let otherPort = RemoteReach(configured: "http://127.0.0.1:\(port + 1)/gbfs.json", staysOnOrigin: true)
            await #expect(throws: RemoteHTTPError.self) {
                try await client.send(RemoteRequest(url: stub.baseURL + "/feed.json", timeout: Self.generous, reach: otherPort))
            }
            var allowed = otherPort
            allowed.otherHosts = ["127.0.0.1"]
            #expect(try await client.send(RemoteRequest(url: stub.baseURL + "/feed.json", timeout: Self.generous, reach: allowed)).status == 200)
        }
    }

    /// A module calls only the remote services its manifest declares, at the addresses it named for
    /// them at registration (and what their documents point to); anything else is refused before a
    /// connection is made, and counted.
    @Test func aModuleReachesOnlyTheRemoteServicesItDeclaredWhereItNamedThem() async throws {
        try await StubHTTPServer.with(["/feed.json": .init(body: "{}")]) { stub in
            let port = try #require(URL(string: stub.baseURL)?.port)
            let manifest = ModuleManifest(id: "rides", title: "Rides", version: "1", remoteServices: [RemoteService("feed", title: "a feed")])
            let grants = RemoteGrants()
            let metrics = HostMetrics()
            let services = TestServices().services.replacing(
                http: MeteredHTTPClient(inner: HostHTTPClient(), module: "rides", metrics: metrics, grants: grants))
            let registrar = HostRegistrar(
                manifest: manifest, logger: Logger(label: "t"), services: services, sharedRecords: InMemoryRecordStore(), remoteGrants: grants)
            let client = registrar.remoteService("feed", at: "http://127.0.0.1:\(port)/gbfs.json")
            #expect(registrar.problems.isEmpty)
            #expect(try await client.send(RemoteRequest(url: stub.baseURL + "/feed.json", timeout: Self.generous)).status == 200)
            // The same server by another name is another host: not named, refused.
            let elsewhere = RemoteRequest(url: "http://localhost:\(port)/feed.json", timeout: Self.generous)
            await #expect(throws: RemoteHTTPError.refusedAddress("localhost is no remote service module 'rides' declared and named at registration"))
            {
                try await client.send(elsewhere)
            }
            #expect(String(decoding: metrics.exposition(), as: UTF8.self).contains(#"outcome="refused_address""#))
            // Found through the named address's document, it may go (the host's address rules still apply).
            var found = elsewhere
            found.reach = RemoteReach(configured: "http://127.0.0.1:\(port)/gbfs.json", otherHosts: ["localhost"])
            #expect(try await client.send(found).status == 200)
            // A service the manifest does not declare, or no address, is a problem at boot.
            _ = registrar.remoteService("tiles", at: "https://tiles.example.com")
            _ = registrar.remoteService("feed", at: "not an address")
            #expect(
                registrar.problems == [
                    "module 'rides' calls the remote service 'tiles', which its manifest does not declare in remoteServices",
                    "module 'rides': the remote service 'feed' is at 'not an address', which is no http(s) address",
                ])
        }
    }

    @Test func theHostsOwnAddressesAreReachedOnlyFromItsOwnConfiguration() async throws {
        let local = LocalRoutingHTTPClient(network: HostHTTPClient(), local: LocalDelivery())
        let request = RemoteRequest(
            url: HostServices.localOrigin + "/metrics", timeout: .seconds(1), reach: RemoteReach(configured: "https://feeds.example.com/gbfs.json"))
        await #expect(throws: RemoteHTTPError.refusedAddress("this host's own addresses are reached only from its own configuration")) {
            try await local.send(request)
        }
    }

    @Test(
        arguments: [
            ([127, 0, 0, 1], AddressKind.thisMachine), ([0, 0, 0, 0], .thisMachine), ([10, 1, 2, 3], .privateNetwork),
            ([172, 20, 0, 1], .privateNetwork), ([172, 32, 0, 1], .publicAddress), ([192, 168, 1, 1], .privateNetwork),
            ([169, 254, 169, 254], .linkLocal), ([100, 64, 0, 1], .privateNetwork), ([8, 8, 8, 8], .publicAddress), ([224, 0, 0, 1], .unusable),
            ([255, 255, 255, 255], .unusable),
        ] as [([UInt8], AddressKind)])
    func ipv4AddressesAreSorted(_ address: [UInt8], _ kind: AddressKind) {
        #expect(AddressKind.kind(of: address) == kind)
    }

    @Test func ipv6AddressesAreSorted() {
        func v6(_ prefix: [UInt8], last: UInt8 = 1) -> [UInt8] { prefix + [UInt8](repeating: 0, count: 15 - prefix.count) + [last] }
        #expect(AddressKind.kind(of: v6([])) == .thisMachine, "::1")
        #expect(AddressKind.kind(of: v6([0xFE, 0x80])) == .linkLocal)
        #expect(AddressKind.kind(of: v6([0xFD, 0x12])) == .privateNetwork)
        #expect(AddressKind.kind(of: v6([0xFF, 0x02])) == .unusable)
        #expect(AddressKind.kind(of: v6([0x20, 0x01, 0x0D, 0xB8])) == .publicAddress)
        let mapped = [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 127, 0, 0, 1]
        #expect(AddressKind.kind(of: mapped) == .thisMachine, "::ffff:127.0.0.1 is loopback")
    }
}
