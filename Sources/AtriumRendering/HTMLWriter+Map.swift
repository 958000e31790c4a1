import AtriumSDK
import Foundation

extension HTMLWriter {
    mutating func write(_ map: Map) {
        let id = nextID("map")
        raw("<figure class=\"map\"><svg class=\"map-canvas\" viewBox=\"0 0 100 100\" role=\"img\"")
        attribute("aria-labelledby", id)
        raw(">")
        if let tiles = map.tiles {
            for tile in MapGeometry.tiles(for: map) {
                raw("<image preserveAspectRatio=\"none\"")
                attribute("href", MapGeometry.address(of: tile, in: tiles.template))
                raw(" x=\"")
                text(tile.x)
                raw("\" y=\"")
                text(tile.y)
                raw("\" width=\"")
                text(tile.width)
                raw("\" height=\"")
                text(tile.height)
                raw("\"/>")
            }
        }
        let scale = MapGeometry.scaleBar(for: map, metres: chrome.metres.text, kilometres: chrome.kilometres.text)
        raw("<g class=\"map-scale\"><line x1=\"4\" y1=\"96\" x2=\"")
        text(scale.end)
        raw("\" y2=\"96\"/><text x=\"4\" y=\"93\">")
        text(scale.label)
        raw("</text></g>")
        for marker in map.markers {
            let (x, y) = Self.position(of: marker, on: map)
            raw("<circle class=\"marker marker-")
            text(marker.kind)
            raw("\" cx=\"")
            text(x)
            raw("\" cy=\"")
            text(y)
            raw("\" r=\"1.8\"><title>")
            text(marker.title)
            raw("</title></circle>")
        }
        raw("</svg><figcaption")
        attribute("id", id)
        raw(">")
        text(map.title)
        // The list scrolls within the figure, so it takes the keyboard's focus to scroll with the keys.
        raw("</figcaption><ul class=\"map-markers\" tabindex=\"0\"")
        attribute("aria-labelledby", id)
        raw(">")
        for marker in map.markers {
            raw("<li class=\"marker-")
            text(marker.kind)
            raw("\">")
            text(marker.title)
            raw(" <span class=\"coordinate\">")
            text(String(format: "%.5f, %.5f", marker.coordinate.latitude, marker.coordinate.longitude))
            raw("</span></li>")
        }
        raw("</ul>")
        if let tiles = map.tiles {
            raw("<small class=\"map-attribution\">")
            text(tiles.attribution)
            raw("</small>")
        }
        if map.locatesUser {
            raw("<button type=\"button\" class=\"button button-secondary map-locate\" data-locate hidden>")
            text(chrome.locate)
            raw("</button>")
        }
        raw("</figure>")
    }
}
