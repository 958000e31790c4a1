import Testing

@testable import Mobility

@Suite("The spatial index answers as a scan would")
struct SpatialIndexTests {
    /// Points from a seeded generator around a centre.
    static func points(_ count: Int, seed: UInt64, spread: Double) -> [SpatialIndex<Int>.Entry] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            .init(
                point: GeoPoint(latitude: 25.76 + (generator.unit() - 0.5) * spread, longitude: -80.19 + (generator.unit() - 0.5) * spread),
                item: index)
        }
    }

    @Test(arguments: [(1, 0.001), (50, 0.05), (2000, 0.1), (5000, 2.0)])
    func nearestAndWithinAgreeWithAScan(_ count: Int, _ spread: Double) {
        let index = SpatialIndex(Self.points(count, seed: UInt64(count), spread: spread))
        var generator = SeededGenerator(seed: 99)
        for _ in 0..<25 {
            let point = GeoPoint(latitude: 25.76 + (generator.unit() - 0.5) * spread * 2, longitude: -80.19 + (generator.unit() - 0.5) * spread * 2)
            for wanted in [1, 20, count + 5] {
                #expect(index.nearest(wanted, to: point).map(\.entry.item) == index.scanNearest(wanted, to: point).map(\.entry.item))
            }
            let box = GeoBox(
                south: point.latitude - spread / 4, west: point.longitude - spread / 4, north: point.latitude + spread / 4,
                east: point.longitude + spread / 4)
            #expect(index.within(box).map(\.item) == index.scanWithin(box).map(\.item))
        }
    }

    /// Found by schemathesis: `/map?lat=0&lon=0` (Miami's vehicles seen from the other side of the
    /// world) searched 250 million empty cells, a minute and a half of CPU per request.
    @Test(arguments: [(0.0, 0.0), (-89.9, 179.9), (89.9, -179.9), (25.76, 100.0)])
    func aPointFarFromEveryItemIsAnsweredAsAScanWould(_ latitude: Double, _ longitude: Double) {
        let index = SpatialIndex(Self.points(2000, seed: 7, spread: 0.2))
        let point = GeoPoint(latitude: latitude, longitude: longitude)
        #expect(index.nearest(20, to: point).map(\.entry.item) == index.scanNearest(20, to: point).map(\.entry.item))
    }

    @Test func anEmptyIndexAnswersNothing() {
        let index = SpatialIndex<Int>([])
        #expect(index.nearest(5, to: GeoPoint(latitude: 0, longitude: 0)).isEmpty)
        #expect(index.within(GeoBox(south: -1, west: -1, north: 1, east: 1)).isEmpty)
        #expect(SpatialIndex(Self.points(3, seed: 1, spread: 0.01)).nearest(0, to: GeoPoint(latitude: 0, longitude: 0)).isEmpty)
    }

    @Test func theSandboxCityIsTheSameEveryTime() {
        let city = SandboxCity.generate()
        #expect(city == SandboxCity.generate())
        #expect(city.stations.count >= 30 && city.vehicles.count >= 200)
        #expect(Set(city.vehicles.map(\.typeID)) == ["bike", "ebike", "scooter"])
        #expect(Set(city.vehicles.map(\.id)).count == city.vehicles.count, "every code is its own")
        let box = GeoBox.around(city.stations.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) })
        #expect(box.map { $0.contains(GeoPoint(latitude: 25.7617, longitude: -80.1918)) } == true, "around Miami, west of Greenwich")
    }
}
