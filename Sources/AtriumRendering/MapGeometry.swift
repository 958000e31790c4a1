import AtriumSDK
import Foundation

/// Where things go on a map's 100×100 canvas: raster tiles under it and its scale bar.
enum MapGeometry {
    struct Tile {
        var zoom: Int
        var column: Int
        var row: Int
        var x: String
        var y: String
        var width: String
        var height: String
    }

    /// The Web Mercator tiles covering the map, at the zoom whose tiles are closest to the map's
    /// size (at most 36 of them), placed on the canvas.
    static func tiles(for map: Map) -> [Tile] {
        let span = map.span > 0 && map.span.isFinite ? map.span : 0.02
        let centre = map.center
        guard centre.latitude.isFinite, centre.longitude.isFinite, abs(centre.latitude) < 85 else { return [] }
        let zoom = min(max(Int((log2(360 / span) + 1).rounded()), 1), 19)
        let count = Double(1 << zoom)
        func column(_ longitude: Double) -> Double { (longitude + 180) / 360 * count }
        func row(_ latitude: Double) -> Double {
            let radians = latitude * .pi / 180
            return (1 - log(tan(radians) + 1 / cos(radians)) / .pi) / 2 * count
        }
        let west = centre.longitude - span / 2
        let east = centre.longitude + span / 2
        let north = min(centre.latitude + span / 2, 85)
        let south = max(centre.latitude - span / 2, -85)
        let (left, right, top, bottom) = (column(west), column(east), row(north), row(south))
        guard right > left, bottom > top, (right - left) * (bottom - top) <= 36 else { return [] }
        var tiles: [Tile] = []
        for tileRow in Int(top.rounded(.down))...Int(bottom.rounded(.down)) {
            for tileColumn in Int(left.rounded(.down))...Int(right.rounded(.down)) {
                let x = (Double(tileColumn) - left) / (right - left) * 100
                let y = (Double(tileRow) - top) / (bottom - top) * 100
                tiles.append(
                    Tile(
                        zoom: zoom, column: ((tileColumn % (1 << zoom)) + (1 << zoom)) % (1 << zoom), row: tileRow, x: format(x), y: format(y),
                        width: format(100 / (right - left)), height: format(100 / (bottom - top))))
            }
        }
        return tiles
    }

    static func address(of tile: Tile, in template: String) -> String {
        template.replacingOccurrences(of: "{z}", with: String(tile.zoom)).replacingOccurrences(of: "{x}", with: String(tile.column))
            .replacingOccurrences(of: "{y}", with: String(tile.row))
    }

    /// A round distance at most a third of the map's width: where its line ends, and its label,
    /// in `metres` or `kilometres` (the page's language's abbreviations).
    static func scaleBar(for map: Map, metres: String = "m", kilometres: String = "km") -> (end: String, label: String) {
        let span = map.span > 0 && map.span.isFinite ? map.span : 0.02
        let latitude = map.center.latitude.isFinite ? map.center.latitude : 0
        let widthMetres = span * 111_320 * max(cos(latitude * .pi / 180), 0.01)
        let steps: [Double] = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000]
        let length = steps.last { $0 <= widthMetres / 3 } ?? steps[0]
        let label = length >= 1000 ? "\(Int(length / 1000)) \(kilometres)" : "\(Int(length)) \(metres)"
        return (format(4 + length / widthMetres * 100), label)
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value.isFinite ? value : 0) }
}
