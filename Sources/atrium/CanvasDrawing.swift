/// Draws ``CanvasModel`` as SVG: the app (every module side by side with its scenes and routes,
/// the events, capabilities and named links between modules as labelled arcs above them) and one
/// card per module (what it offers, handles, stores and calls, its flags and settings).
struct CanvasDrawing {
    let model: CanvasModel

    private static let margin = 24.0
    private static let gap = 48.0
    /// Characters per line in a module's column of the app canvas.
    private static let columnCharacters = 54

    /// The lines of `module`'s box on the app canvas: what it provides and needs, then each route
    /// with the scene it serves (`*`: signed in only).
    private func lines(of module: CanvasModel.Module) -> [(text: String, bold: Bool)] {
        let titles = Dictionary(module.scenes.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        var lines: [(String, Bool)] = [("\(module.title) (\(module.id) \(module.version))", true)]
        if !module.provides.isEmpty { lines.append(("provides " + module.provides.joined(separator: ", "), false)) }
        if !module.requires.isEmpty { lines.append(("requires " + module.requires.joined(separator: ", "), false)) }
        if !module.uses.isEmpty { lines.append(("uses " + module.uses.joined(separator: ", "), false)) }
        lines.append(("", false))
        for route in module.routes {
            let what = route.scene.map { titles[$0] ?? $0 } ?? "endpoint"
            lines.append(("\(route.method) \(route.pattern)\(route.signedIn ? " *" : "") · \(what)", false))
        }
        return lines.map { (SVGPicture.fitted($0.0, to: Self.columnCharacters), $0.1) }
    }

    /// The whole app.
    func app() -> String {
        var picture = SVGPicture()
        let boxWidth = Double(Self.columnCharacters) * SVGPicture.characterWidth + 16
        let columns = model.modules.map(lines(of:))
        let boxHeight = Double(columns.map(\.count).max() ?? 1) * SVGPicture.lineHeight + 14
        let positions = Dictionary(
            model.modules.enumerated().map { ($1.id, Self.margin + Double($0) * (boxWidth + Self.gap)) }, uniquingKeysWith: { first, _ in first })
        let levels = arcLevels()
        let arcsHeight = Double((levels.values.max() ?? 0) + 1) * 30 + 30
        let boxTop = Self.margin + 20 + arcsHeight
        picture.text("The app: \(model.modules.count) modules", x: Self.margin, y: Self.margin + 4, bold: true)
        for (module, lines) in zip(model.modules, columns) {
            let x = positions[module.id] ?? 0
            picture.box(x: x, y: boxTop, width: boxWidth, height: boxHeight, fill: "#f6f8fa")
            for (index, line) in lines.enumerated() {
                picture.text(line.text, x: x + 8, y: boxTop + 18 + Double(index) * SVGPicture.lineHeight, bold: line.bold)
            }
        }
        let anchors = anchorPositions(boxWidth: boxWidth, positions: positions)
        for (index, edge) in model.edges.enumerated() {
            guard let (from, to) = anchors[index] else { continue }
            let label =
                switch edge.kind {
                case .event: edge.label
                case .capability: "provides \(edge.label)"
                case .link: "links to \(edge.label)"
                }
            picture.arc(from: from, to: to, y: boxTop, height: 40 + Double(levels[index] ?? 0) * 30, style: .of(edge.kind), label: label)
        }
        let width = Self.margin * 2 + Double(model.modules.count) * (boxWidth + Self.gap) - Self.gap
        let legendY = boxTop + boxHeight + 24
        legend(into: &picture, y: legendY)
        return picture.document(width: max(width, 640), height: legendY + 20, title: "Atrium: the app's modules and what flows between them")
    }

    private func legend(into picture: inout SVGPicture, y: Double) {
        var x = Self.margin
        for (style, text) in [
            (EdgeStyle.event, "event: publisher → subscriber"), (.capability, "capability: provider → user"), (.link, "named link"),
        ] {
            picture.arc(from: x, to: x + 40, y: y, height: 0.1, style: style, label: "")
            picture.text(text, x: x + 48, y: y + 4, color: style.color)
            x += 56 + SVGPicture.width(of: text) + 24
        }
        picture.text("* signed in only", x: x, y: y + 4)
    }

    /// Each edge's level above the boxes: the shortest spans lowest, no two overlapping spans on one level.
    private func arcLevels() -> [Int: Int] {
        let order = Dictionary(model.modules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let spans = model.edges.enumerated().compactMap { index, edge -> (index: Int, low: Int, high: Int)? in
            guard let from = order[edge.from], let to = order[edge.to] else { return nil }
            return (index, min(from, to), max(from, to))
        }
        var levels: [Int: Int] = [:]
        var taken: [[(Int, Int)]] = []
        for span in spans.sorted(by: { ($0.high - $0.low, $0.low, $0.index) < ($1.high - $1.low, $1.low, $1.index) }) {
            var level = 0
            while level < taken.count, taken[level].contains(where: { $0.0 <= span.high && span.low <= $0.1 }) { level += 1 }
            if level == taken.count { taken.append([]) }
            taken[level].append((span.low, span.high))
            levels[span.index] = level
        }
        return levels
    }

    /// Where each edge leaves and enters its boxes' tops: the edges at one box spread along it.
    private func anchorPositions(boxWidth: Double, positions: [String: Double]) -> [Int: (Double, Double)] {
        var ends: [String: [Int]] = [:]
        for (index, edge) in model.edges.enumerated() {
            ends[edge.from, default: []].append(index * 2)
            ends[edge.to, default: []].append(index * 2 + 1)
        }
        var places: [Int: Double] = [:]
        for (module, list) in ends {
            guard let x = positions[module] else { continue }
            for (slot, end) in list.enumerated() { places[end] = x + boxWidth * Double(slot + 1) / Double(list.count + 1) }
        }
        var anchors: [Int: (Double, Double)] = [:]
        for index in model.edges.indices {
            if let from = places[index * 2], let to = places[index * 2 + 1] { anchors[index] = (from, to) }
        }
        return anchors
    }
}
