import Foundation
import Mobility

// The spatial index against a plain scan: 100,000 vehicles and 5,000 stations over a city, the
// nearest 20 to many points and the markers in a city-sized box, both checked to give the same answer.
// Run: swift run -c release MobilityBenchmark

@inline(never) func measure(_ label: String, repeats: Int, _ body: () -> Int) -> (Double, Int) {
    var checksum = 0
    let clock = ContinuousClock()
    let elapsed = clock.measure { for _ in 0..<repeats { checksum &+= body() } }
    let microseconds = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
    let each = microseconds / Double(repeats)
    print(label.padding(toLength: 42, withPad: " ", startingAt: 0) + String(format: "%10.1f µs per query", each))
    return (each, checksum)
}

nonisolated(unsafe) var seeded = SeededGenerator(seed: 0x1234_5678)
@MainActor func unit() -> Double { seeded.unit() }

let centre = GeoPoint(latitude: 25.7617, longitude: -80.1918)
var entries: [SpatialIndex<Int>.Entry] = []
for index in 0..<105_000 {
    // A city of about 30 km: vehicles 0..<100,000, then 5,000 stations.
    entries.append(
        .init(point: GeoPoint(latitude: centre.latitude + (unit() - 0.5) * 0.3, longitude: centre.longitude + (unit() - 0.5) * 0.3), item: index))
}
let buildStart = ContinuousClock.now
let index = SpatialIndex(entries)
print("index of \(entries.count) items built in \(ContinuousClock.now - buildStart)")

let queries = (0..<200).map { _ in GeoPoint(latitude: centre.latitude + (unit() - 0.5) * 0.3, longitude: centre.longitude + (unit() - 0.5) * 0.3) }
var mismatches = 0
for point in queries.prefix(50) where index.nearest(20, to: point).map(\.entry.item) != index.scanNearest(20, to: point).map(\.entry.item) {
    mismatches += 1
}
let boxes = queries.map { GeoBox(south: $0.latitude - 0.02, west: $0.longitude - 0.02, north: $0.latitude + 0.02, east: $0.longitude + 0.02) }
for box in boxes.prefix(50) where index.within(box).map(\.item) != index.scanWithin(box).map(\.item) { mismatches += 1 }
print(mismatches == 0 ? "index and scan agree on 100 queries" : "MISMATCH in \(mismatches) queries")

var cursor = 0
let (indexedNearest, _) = measure("nearest 20, spatial index", repeats: 2000) {
    cursor = (cursor + 1) % queries.count
    return index.nearest(20, to: queries[cursor]).count
}
let (scannedNearest, _) = measure("nearest 20, scan of every item", repeats: 20) {
    cursor = (cursor + 1) % queries.count
    return index.scanNearest(20, to: queries[cursor]).count
}
let (indexedBox, _) = measure("markers in a 4.4 km box, spatial index", repeats: 2000) {
    cursor = (cursor + 1) % boxes.count
    return index.within(boxes[cursor]).count
}
let (scannedBox, _) = measure("markers in a 4.4 km box, scan", repeats: 50) {
    cursor = (cursor + 1) % boxes.count
    return index.scanWithin(boxes[cursor]).count
}
print(String(format: "speed-up: nearest %.0f×, box %.0f×", scannedNearest / indexedNearest, scannedBox / indexedBox))
exit(mismatches == 0 ? 0 : 1)
