import Foundation

/// Items by position in a grid of cells, built once per data load: the nearest items to a point
/// and the items in a box, without looking at every item.
public struct SpatialIndex<Item: Sendable>: Sendable {
    public struct Entry: Sendable {
        public var point: GeoPoint
        public var item: Item

        public init(point: GeoPoint, item: Item) {
            self.point = point
            self.item = item
        }
    }

    /// Degrees per cell side.
    let cellSize: Double
    let cells: [Cell: [Int]]
    /// The lowest and highest rows and columns that hold items.
    let bounds: (low: Cell, high: Cell)
    public let entries: [Entry]

    struct Cell: Hashable {
        var row: Int
        var column: Int
    }

    /// `cellSize` in degrees: about 1 km (0.01°) suits a city.
    public init(_ entries: [Entry], cellSize: Double = 0.01) {
        self.cellSize = cellSize
        self.entries = entries
        var cells: [Cell: [Int]] = [:]
        for (index, entry) in entries.enumerated() { cells[Self.cell(of: entry.point, size: cellSize), default: []].append(index) }
        self.cells = cells
        let rows = cells.keys.map(\.row)
        let columns = cells.keys.map(\.column)
        bounds = (Cell(row: rows.min() ?? 0, column: columns.min() ?? 0), Cell(row: rows.max() ?? 0, column: columns.max() ?? 0))
    }

    static func cell(of point: GeoPoint, size: Double) -> Cell {
        Cell(row: Int((point.latitude / size).rounded(.down)), column: Int((point.longitude / size).rounded(.down)))
    }

    /// The items inside `box`, in the order they were given.
    public func within(_ box: GeoBox) -> [Entry] {
        let low = Self.cell(of: GeoPoint(latitude: box.south, longitude: box.west), size: cellSize)
        let high = Self.cell(of: GeoPoint(latitude: box.north, longitude: box.east), size: cellSize)
        // A box larger than the grid is cheaper to scan.
        if (high.row - low.row + 1) * (high.column - low.column + 1) > cells.count {
            return entries.filter { box.contains($0.point) }
        }
        var found: [Int] = []
        for row in low.row...high.row {
            for column in low.column...high.column {
                for index in cells[Cell(row: row, column: column)] ?? [] where box.contains(entries[index].point) { found.append(index) }
            }
        }
        return found.sorted().map { entries[$0] }
    }

    /// The `count` items nearest to `point`, nearest first (ties in the order they were given):
    /// rings of cells are searched outwards until no closer item can remain. A point far from every
    /// item (the other side of the world) would take millions of empty cells to reach them: once the
    /// rings have looked at more cells than there are items, looking at every item is cheaper.
    public func nearest(_ count: Int, to point: GeoPoint) -> [(entry: Entry, metres: Double)] {
        guard count > 0, !entries.isEmpty else { return [] }
        let centre = Self.cell(of: point, size: cellSize)
        var candidates: [(index: Int, metres: Double)] = []
        // The shortest distance from `point` to anything outside the rings searched so far.
        let metresPerCell = cellSize * 111_000 * max(cos(point.latitude * .pi / 180), 0.01)
        var ring = 0
        let maxRing = max(
            abs(bounds.low.row - centre.row), abs(bounds.high.row - centre.row), abs(bounds.low.column - centre.column),
            abs(bounds.high.column - centre.column))
        let cellBudget = 4 * entries.count + 64
        while ring <= maxRing {
            // The cells of rings 0 through `ring`.
            if (2 * ring + 1) * (2 * ring + 1) > cellBudget { return scanNearest(count, to: point) }
            for cell in Self.ring(ring, around: centre) {
                for index in cells[cell] ?? [] { candidates.append((index, point.distance(to: entries[index].point))) }
            }
            if candidates.count >= count {
                candidates.sort { $0.metres < $1.metres || ($0.metres == $1.metres && $0.index < $1.index) }
                candidates.removeSubrange(count...)
                // Anything in the next ring is at least `ring` cells away.
                if let farthest = candidates.last, farthest.metres <= Double(ring) * metresPerCell * 0.999 { break }
            }
            ring += 1
        }
        candidates.sort { $0.metres < $1.metres || ($0.metres == $1.metres && $0.index < $1.index) }
        return candidates.prefix(count).map { (entries[$0.index], $0.metres) }
    }

    static func ring(_ radius: Int, around centre: Cell) -> [Cell] {
        guard radius > 0 else { return [centre] }
        var cells: [Cell] = []
        for column in (centre.column - radius)...(centre.column + radius) {
            cells.append(Cell(row: centre.row - radius, column: column))
            cells.append(Cell(row: centre.row + radius, column: column))
        }
        for row in (centre.row - radius + 1)...(centre.row + radius - 1) {
            cells.append(Cell(row: row, column: centre.column - radius))
            cells.append(Cell(row: row, column: centre.column + radius))
        }
        return cells
    }

    /// The same answers by looking at every item (for checking and benchmarks).
    public func scanNearest(_ count: Int, to point: GeoPoint) -> [(entry: Entry, metres: Double)] {
        var measured: [(index: Int, metres: Double)] = []
        measured.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() { measured.append((index, point.distance(to: entry.point))) }
        measured.sort { $0.metres < $1.metres || ($0.metres == $1.metres && $0.index < $1.index) }
        return measured.prefix(max(count, 0)).map { (entries[$0.index], $0.metres) }
    }

    public func scanWithin(_ box: GeoBox) -> [Entry] { entries.filter { box.contains($0.point) } }
}
