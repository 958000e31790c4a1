import AtriumHost
import AtriumRuntime
import AtriumSDK
import AtriumServices
import AtriumTestKit
import Foundation
import Logging
import Synchronization
import Testing

@testable import Mobility

@Suite("GBFS feeds, versions 2.3 and 3.0")
struct GBFSClientTests {
    static func client(_ stub: StubHTTPServer, path: String = "/gbfs.json", clock: TestClock = TestClock(), language: String = "en") -> GBFSClient {
        GBFSClient(
            feedURL: stub.baseURL + path, http: HostHTTPClient(), language: language, timeout: .seconds(60), clock: clock,
            logger: Logger(label: "test"), isSandbox: false)
    }

    static func v23(_ base: String) -> [String: StubHTTPServer.Reply] {
        [
            "/gbfs.json": .init(
                body: """
                    {"last_updated": 1700000000, "ttl": 60, "version": "2.3", "data": {"fr": {"feeds": []}, "en": {"feeds": [
                      {"name": "system_information", "url": "\(base)/system_information.json"},
                      {"name": "vehicle_types", "url": "\(base)/vehicle_types.json"},
                      {"name": "station_information", "url": "\(base)/station_information.json"},
                      {"name": "station_status", "url": "\(base)/station_status.json"},
                      {"name": "free_bike_status", "url": "\(base)/free_bike_status.json"}]}}}
                    """),
            "/system_information.json": .init(
                body: #"{"last_updated": 1700000000, "ttl": 60, "version": "2.3", "data": {"system_id": "x", "name": "Citi Test", "extra": [1, 2]}}"#),
            "/vehicle_types.json": .init(
                body: """
                    {"last_updated": 1700000000, "ttl": 60, "version": "2.3", "data": {"vehicle_types": [
                      {"vehicle_type_id": "classic", "form_factor": "bicycle", "propulsion_type": "human"},
                      {"vehicle_type_id": "electric", "form_factor": "bicycle", "propulsion_type": "electric_assist", "name": "Power bike"}]}}
                    """),
            "/station_information.json": .init(
                body: """
                    {"last_updated": 1700000000, "ttl": 60, "version": "2.3", "data": {"stations": [
                      {"station_id": "s1", "name": "Dock One", "lat": 40.75, "lon": -73.99, "capacity": 20, "address": "1 Main St",
                       "rental_uris": {"web": "https://operator.example/s1"}},
                      {"station_id": "s2", "name": "Dock Two", "lat": "40.76", "lon": "-73.98"}]}}
                    """),
            "/station_status.json": .init(
                body: """
                    {"last_updated": 1700000000, "ttl": 60, "version": "2.3", "data": {"stations": [
                      {"station_id": "s1", "num_bikes_available": 3, "num_docks_available": 17, "is_installed": 1, "is_renting": 1,
                       "is_returning": 1, "last_reported": 1700000000, "vehicle_types_available": [{"vehicle_type_id": "classic", "count": 3}]}]}}
                    """),
            "/free_bike_status.json": .init(
                body: """
                    {"last_updated": 1700000100, "ttl": 60, "version": "2.3", "data": {"bikes": [
                      {"bike_id": "b1", "lat": 40.751, "lon": -73.991, "is_reserved": false, "is_disabled": false, "vehicle_type_id": "electric",
                       "current_range_meters": 12000, "rental_uris": {"web": "https://operator.example/b1"}},
                      {"bike_id": "b2", "lat": 40.752, "lon": -73.992, "is_reserved": true, "is_disabled": false},
                      {"bike_id": "b3", "lat": 40.753, "lon": -73.993, "is_reserved": 0, "is_disabled": 1},
                      {"bike_id": "b4", "station_id": "gone", "is_reserved": false, "is_disabled": false},
                      {"bike_id": "b5", "station_id": "s1", "is_reserved": false, "is_disabled": false, "vehicle_type_id": "classic"}]}}
                    """),
        ]
    }

    @Test func aVersion23FeedIsReadWithItsQuirks() async throws {
        // The stub needs its own address inside the discovery document: build it once it listens.
        let holder = ReplyHolder()
        try await StubHTTPServer.with(answering: { holder.reply(for: $0) }) { stub in
            holder.set(Self.v23(stub.baseURL))
            let fleet = try await Self.client(stub).fleet()
            #expect(fleet.systemName == "Citi Test")
            #expect(fleet.vehicles.map(\.id) == ["b1", "b5"], "reserved, disabled and unknown-station vehicles are left out")
            let bike = try #require(fleet.vehicle(id: "b1"))
            #expect(bike.rangeMetres == 12000 && bike.rentalURL == "https://operator.example/b1")
            #expect(fleet.types["electric"]?.displayName == "Power bike" && fleet.types["classic"]?.displayName == "Bike")
            #expect(fleet.vehicle(id: "b5")?.point == GeoPoint(latitude: 40.75, longitude: -73.99), "a docked bike is at its station")
            let dock = try #require(fleet.station(id: "s1"))
            #expect(dock.vehiclesAvailable == 3 && dock.docksAvailable == 17 && dock.availableByType == ["classic": 3])
            #expect(dock.lastReported == Date(timeIntervalSince1970: 1_700_000_000))
            #expect(fleet.station(id: "s2")?.point == GeoPoint(latitude: 40.76, longitude: -73.98), "quoted coordinates")
            #expect(fleet.lastUpdated == Date(timeIntervalSince1970: 1_700_000_100))
        }
    }

    @Test func aVersion30FeedWithLocalizedNamesAndRFC3339Times() async throws {
        let holder = ReplyHolder()
        try await StubHTTPServer.with(answering: { holder.reply(for: $0) }) { stub in
            let base = stub.baseURL
            holder.set([
                "/gbfs.json": .init(
                    body: """
                        {"last_updated": "2026-11-22T10:00:00Z", "ttl": 0, "version": "3.0", "data": {"feeds": [
                          {"name": "system_information", "url": "\(base)/si"}, {"name": "station_information", "url": "\(base)/st"},
                          {"name": "vehicle_status", "url": "\(base)/vs"}]}}
                        """),
                "/si": .init(
                    body: """
                        {"last_updated": "2026-11-22T10:00:00+01:00", "ttl": 0, "version": "3.0", "data": {"name": [
                          {"text": "Vélos de test", "language": "fr"}, {"text": "Test bikes", "language": "en"}]}}
                        """),
                "/st": .init(
                    body: """
                        {"last_updated": "2026-11-22T10:00:00.250Z", "ttl": 0, "version": "3.0", "data": {"stations": [
                          {"station_id": "p", "name": [{"text": "Place", "language": "fr"}], "lat": 48.85, "lon": 2.35}]}}
                        """),
                "/vs": .init(
                    body: """
                        {"last_updated": "2026-11-22T10:00:05Z", "ttl": 0, "version": "3.0", "data": {"vehicles": [
                          {"vehicle_id": "v1", "lat": 48.851, "lon": 2.351, "is_reserved": false, "is_disabled": false, "current_fuel_percent": 0.8}]}}
                        """),
            ])
            let french = try await Self.client(stub, language: "fr").fleet()
            #expect(french.systemName == "Vélos de test")
            let english = try await Self.client(stub, language: "en").fleet()
            #expect(english.systemName == "Test bikes")
            #expect(english.station(id: "p")?.name == "Place", "no English name: the first")
            #expect(english.vehicle(id: "v1")?.batteryPercent == 80)
            #expect(english.lastUpdated == ISO8601DateFormatter().date(from: "2026-11-22T10:00:05Z"))
        }
    }

    @Test func hostileNumbersAreLeftOutNotTrusted() async throws {
        let holder = ReplyHolder()
        try await StubHTTPServer.with(answering: { holder.reply(for: $0) }) { stub in
            holder.set([
                "/gbfs.json": .init(
                    body: #"{"ttl": 0, "version": "3.0", "data": {"feeds": [{"name": "vehicle_status", "url": "\#(stub.baseURL)/vs"}]}}"#),
                "/vs": .init(
                    body: """
                        {"ttl": 0, "version": "3.0", "data": {"vehicles": [
                          {"vehicle_id": "huge", "lat": 1, "lon": 1, "is_reserved": false, "is_disabled": false,
                           "current_fuel_percent": 1e300, "current_range_meters": 1e300},
                          {"vehicle_id": "negative", "lat": 1, "lon": 1, "is_reserved": false, "is_disabled": false,
                           "current_fuel_percent": -5, "current_range_meters": -1},
                          {"vehicle_id": "offworld", "lat": 95, "lon": 1, "is_reserved": false, "is_disabled": false},
                          {"vehicle_id": "fine", "lat": 1, "lon": 1, "is_reserved": false, "is_disabled": false, "current_fuel_percent": 55}]}}
                        """),
            ])
            let fleet = try await Self.client(stub).fleet()
            #expect(fleet.vehicles.map(\.id) == ["huge", "negative", "fine"], "a position off the Earth is left out")
            #expect(fleet.vehicle(id: "huge")?.batteryPercent == nil && fleet.vehicle(id: "huge")?.rangeMetres == nil)
            #expect(fleet.vehicle(id: "negative")?.batteryPercent == nil && fleet.vehicle(id: "negative")?.rangeMetres == nil)
            #expect(fleet.vehicle(id: "fine")?.batteryPercent == 55)
            #expect(Describe.distance(.infinity) == "unknown distance" && Describe.distance(1234) == "1.2 km")
        }
    }

    @Test func filesAreKeptForTheirTTLAndFetchedAgainAfter() async throws {
        let holder = ReplyHolder()
        try await StubHTTPServer.with(answering: { holder.reply(for: $0) }) { stub in
            holder.set(Self.v23(stub.baseURL))
            let clock = TestClock()
            let client = Self.client(stub, clock: clock)
            _ = try await client.fleet()
            _ = try await client.fleet()
            #expect(stub.requests.count == 6, "one fetch per file while the ttl lasts")
            clock.advance(seconds: 61)
            _ = try await client.fleet()
            #expect(stub.requests.count == 12)
            await client.refresh()
            _ = try await client.fleet()
            let again = stub.requests.dropFirst(12).map(\.path).sorted()
            #expect(
                again == ["/free_bike_status.json", "/station_status.json"],
                "a ride's refresh fetches the statuses again and keeps the rest for their ttl")
        }
    }

    /// Found by trying to break the host: a slow gbfs.json and ten visitors made ten downloads,
    /// and with ttl 0 every visitor fetched the whole feed.
    @Test func visitorsArrivingTogetherShareOneLoadAndATTLOfZeroIsNotObeyedPerVisitor() async throws {
        let holder = ReplyHolder()
        try await StubHTTPServer.with(answering: { holder.reply(for: $0) }) { stub in
            var replies = Self.v23(stub.baseURL).mapValues { reply in
                var slow = reply
                slow.body = reply.body.replacingOccurrences(of: #""ttl": 60"#, with: #""ttl": 0"#)
                slow.delay = .milliseconds(300)
                return slow
            }
            replies["/gbfs.json"]?.delay = .seconds(1)
            holder.set(replies)
            let clock = TestClock()
            let client = Self.client(stub, clock: clock)
            try await withThrowingTaskGroup(of: Fleet.self) { group in
                for _ in 0..<20 { group.addTask { try await client.fleet() } }
                for try await fleet in group { #expect(fleet.systemName == "Citi Test") }
            }
            #expect(stub.requests.count == 6, "one load of the six files for twenty visitors")
            clock.advance(seconds: 3)
            _ = try await client.fleet()
            #expect(stub.requests.count == 6, "ttl 0, but within the floor: the last load again")
            clock.advance(seconds: 3)
            _ = try await client.fleet()
            #expect(stub.requests.count == 12, "past the floor: loaded again")
        }
    }

    @Test func aFailedLoadIsGivenAgainWithinTheFloorNotAskedForAgain() async throws {
        try await StubHTTPServer.with(["/gbfs.json": .init(status: 503, body: "busy")]) { stub in
            let clock = TestClock()
            let client = Self.client(stub, clock: clock)
            for _ in 0..<5 { await #expect(throws: FeedError.self) { _ = try await client.fleet() } }
            #expect(stub.requests.count == 1)
            clock.advance(seconds: 6)
            await #expect(throws: FeedError.self) { _ = try await client.fleet() }
            #expect(stub.requests.count == 2)
        }
    }

    /// Found by trying to break the host: `last_reported` of 1e300 showed "Updated 20 Dec 5828963".
    @Test func timesOutsideAPlausibleRangeAreNoTimes() async throws {
        let holder = ReplyHolder()
        try await StubHTTPServer.with(answering: { holder.reply(for: $0) }) { stub in
            let base = stub.baseURL
            let stations = ["huge": "1e300", "far": "9e15", "inf": #""inf""#, "nan": #""nan""#, "future": "4000000000", "ms": "1700000000000"]
            holder.set([
                "/gbfs.json": .init(
                    body: """
                        {"ttl": 0, "version": "2.3", "data": {"en": {"feeds": [{"name": "station_information", "url": "\(base)/si"},
                          {"name": "station_status", "url": "\(base)/ss"}]}}}
                        """),
                "/si": .init(
                    body: #"{"ttl": 0, "version": "2.3", "data": {"stations": ["#
                        + stations.keys.map { #"{"station_id": "\#($0)", "name": "\#($0)", "lat": 40, "lon": -73}"# }.joined(separator: ",") + "]}}"),
                "/ss": .init(
                    body: #"{"last_updated": 1e300, "ttl": 0, "version": "2.3", "data": {"stations": ["#
                        + stations.map { #"{"station_id": "\#($0.key)", "num_bikes_available": 1, "last_reported": \#($0.value)}"# }
                        .joined(separator: ",") + "]}}"),
            ])
            let fleet = try await Self.client(stub).fleet()
            for id in ["huge", "far", "inf", "nan", "future"] {
                #expect(fleet.station(id: id) != nil && fleet.station(id: id)?.lastReported == nil, "\(id)")
            }
            #expect(fleet.station(id: "ms")?.lastReported == Date(timeIntervalSince1970: 1_700_000_000), "milliseconds read as such")
            #expect(fleet.lastUpdated == nil)
        }
    }

    /// Found by trying to break the host: a discovery file could send the host to any address,
    /// its own /metrics included.
    @Test func filesStayOnTheDiscoveryFilesOriginUnlessTheOperatorAllowsAnotherHost() async throws {
        try await StubHTTPServer.with(["/vs": .init(body: #"{"ttl": 0, "version": "3.0", "data": {"vehicles": []}}"#)]) { elsewhere in
            try await StubHTTPServer.with([
                "/gbfs.json": .init(
                    body: #"{"ttl": 0, "version": "3.0", "data": {"feeds": [{"name": "vehicle_status", "url": "\#(elsewhere.baseURL)/vs"}]}}"#)
            ]) { stub in
                await #expect(throws: FeedError.self) { _ = try await Self.client(stub).fleet() }
                #expect(elsewhere.requests.isEmpty, "refused before asking")
                let allowed = GBFSClient(
                    feedURL: stub.baseURL + "/gbfs.json", http: HostHTTPClient(), language: "en", timeout: .seconds(60), clock: TestClock(),
                    logger: Logger(label: "test"), isSandbox: false, otherHosts: ["127.0.0.1"])
                let fleet = try await allowed.fleet()
                #expect(fleet.vehicles.isEmpty)
                #expect(elsewhere.requests.count == 1)
            }
        }
    }

    /// Found beside Hardening 2: the GBFS specification's own example (two stations on two
    /// continents) opened the map on their mean, in the Atlantic, with nothing in view.
    @Test func theFirstViewIsWhereTheVehiclesAreNotTheMeanOfOutliers() {
        let london = GeoPoint(latitude: 51.5, longitude: -0.12)
        let portland = GeoPoint(latitude: 45.52, longitude: -122.68)
        let spec = try! #require(MapViewport.firstView(of: [portland, london]))
        #expect(spec.box.contains(portland) || spec.box.contains(london), "one of the two is in view")

        var city = (0..<40).map { GeoPoint(latitude: 25.76 + Double($0 % 8) * 0.004, longitude: -80.19 + Double($0 / 8) * 0.004) }
        city += [GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: 0, longitude: 0), GeoPoint(latitude: -80.19, longitude: 25.76)]
        let view = try! #require(MapViewport.firstView(of: city))
        #expect(city.prefix(40).allSatisfy(view.box.contains), "the whole city is in view")
        #expect(!view.box.contains(GeoPoint(latitude: 0, longitude: 0)))
        #expect(view.zoom >= 13, "framed on the city, not the globe: zoom \(view.zoom)")
        #expect(MapViewport.firstView(of: []) == nil)
    }

    @Test func eachFailureIsAFeedError() async throws {
        try await StubHTTPServer.with([
            "/down.json": .init(status: 503, body: "busy"), "/bad.json": .init(body: "not json {"),
            "/odd.json": .init(body: #"{"version": "3.0", "data": {"feeds": "none"}}"#),
        ]) { stub in
            await #expect(throws: FeedError.badStatus(url: stub.baseURL + "/down.json", status: 503)) {
                _ = try await Self.client(stub, path: "/down.json").fleet()
            }
            await #expect(throws: FeedError.undecodable(url: stub.baseURL + "/bad.json", detail: "not JSON")) {
                _ = try await Self.client(stub, path: "/bad.json").fleet()
            }
            await #expect(throws: FeedError.self) { _ = try await Self.client(stub, path: "/odd.json").fleet() }
        }
        let nowhere = GBFSClient(
            feedURL: "http://127.0.0.1:9/gbfs.json", http: HostHTTPClient(), language: "en", timeout: .seconds(60), clock: TestClock(),
            logger: Logger(label: "test"), isSandbox: false)
        do {
            _ = try await nowhere.fleet()
            Issue.record("an unreachable feed must fail")
        } catch let error as FeedError {
            #expect(error.description.hasPrefix("the feed could not be reached"), "\(error)")
        }
    }
}

/// Replies set once the stub's address is known.
final class ReplyHolder: Sendable {
    private let replies = Mutex<[String: StubHTTPServer.Reply]>([:])

    func set(_ replies: [String: StubHTTPServer.Reply]) { self.replies.withLock { $0 = replies } }

    func reply(for request: StubHTTPServer.Received) -> StubHTTPServer.Reply {
        replies.withLock { $0[request.path] } ?? .init(status: 404, body: "{}")
    }
}
