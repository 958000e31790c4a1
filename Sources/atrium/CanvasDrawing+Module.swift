extension CanvasDrawing {
    /// One section of a module's card: a heading and its lines (or "none").
    private struct Section {
        let heading: String
        let lines: [String]
    }

    private static let cardCharacters = 78

    /// `module`'s card: on the left what it offers and how it talks to the others, on the right
    /// what the operator sets and what it keeps and calls.
    func card(of module: CanvasModel.Module) -> String {
        let titles = Dictionary(module.scenes.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        let incoming = model.edges.filter { $0.to == module.id && $0.from != module.id }
        let outgoing = model.edges.filter { $0.from == module.id && $0.to != module.id }
        let left = [
            Section(heading: "Scenes", lines: module.scenes.map { "\($0.title) (\($0.id))" }),
            Section(
                heading: "Routes (* signed in only)",
                lines: module.routes.map { route in
                    "\(route.method) \(route.pattern)\(route.signedIn ? " *" : "") · \(route.scene.map { titles[$0] ?? $0 } ?? "endpoint")"
                }),
            Section(heading: "Events published", lines: module.publishes),
            Section(heading: "Events handled", lines: module.subscribes),
            Section(
                heading: "Capabilities",
                lines: module.provides.map { "provides \($0)" } + module.requires.map { "requires \($0)" } + module.uses.map { "uses \($0)" }),
            Section(
                heading: "With other modules",
                lines: outgoing.map { "→ \($0.to): \(Self.words(for: $0))" } + incoming.map { "← \($0.from): \(Self.words(for: $0))" }),
        ]
        let right = [
            Section(heading: "Flags", lines: module.flags.map { "\($0.key) = \($0.value ?? "off")" }),
            Section(heading: "Settings (defaults)", lines: module.settings.map { "\($0.key)\($0.value.map { " = \($0)" } ?? "")" }),
            Section(heading: "Stores (collections)", lines: module.collections.map { "\($0.name): \($0.about)" }),
            Section(heading: "Calls (remote services)", lines: module.remoteServices.map { "\($0.name): \($0.about)" }),
        ]
        var picture = SVGPicture()
        let columnWidth = Double(Self.cardCharacters) * SVGPicture.characterWidth + 16
        picture.text("\(module.title) (\(module.id) \(module.version))", x: 24, y: 32, bold: true)
        let leftEnd = draw(left, into: &picture, x: 24, top: 56)
        let rightEnd = draw(right, into: &picture, x: 24 + columnWidth + 24, top: 56)
        return picture.document(
            width: 24 * 3 + columnWidth * 2, height: max(leftEnd, rightEnd) + 16, title: "Atrium: the \(module.title) module's canvas")
    }

    private static func words(for edge: CanvasModel.Edge) -> String {
        switch edge.kind {
        case .event: "event \(edge.label)"
        case .capability: "capability \(edge.label)"
        case .link: "link to \(edge.label)"
        }
    }

    /// Draws `sections` down from `top`, each in a box; returns where the last ends.
    private func draw(_ sections: [Section], into picture: inout SVGPicture, x: Double, top: Double) -> Double {
        let width = Double(Self.cardCharacters) * SVGPicture.characterWidth + 16
        var y = top
        for section in sections {
            let lines = section.lines.isEmpty ? ["none"] : section.lines.map { SVGPicture.fitted($0, to: Self.cardCharacters) }
            let height = Double(lines.count + 1) * SVGPicture.lineHeight + 12
            picture.box(x: x, y: y, width: width, height: height, fill: "#f6f8fa")
            picture.text(section.heading, x: x + 8, y: y + 18, bold: true)
            for (index, line) in lines.enumerated() {
                picture.text(
                    line, x: x + 8, y: y + 18 + Double(index + 1) * SVGPicture.lineHeight, color: section.lines.isEmpty ? "#656d76" : "#1f2328")
            }
            y += height + 12
        }
        return y
    }
}
