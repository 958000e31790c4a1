import AtriumSDK
import Foundation

extension JSONWriter {
    mutating func write(_ map: Map) {
        key("center", first: true)
        coordinate(map.center)
        key("locatesUser")
        bool(map.locatesUser)
        key("markers")
        raw("[")
        for (index, marker) in map.markers.enumerated() {
            if index > 0 { raw(",") }
            raw("{\"coordinate\":")
            coordinate(marker.coordinate)
            raw(",\"id\":")
            string(marker.id)
            raw(",\"kind\":")
            string(marker.kind)
            raw(",\"title\":")
            string(marker.title)
            raw("}")
        }
        raw("]")
        key("span")
        number(map.span)
        if let tiles = map.tiles {
            raw(",\"tiles\":{\"attribution\":")
            string(tiles.attribution)
            raw(",\"template\":")
            string(tiles.template)
            raw("}")
        }
        key("title")
        string(map.title)
    }
}
