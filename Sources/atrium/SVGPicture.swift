/// A small SVG writer for `atrium canvas`: boxes, lines of monospaced text (so widths are known
/// without a font engine), arcs with arrowheads. Every text is escaped.
struct SVGPicture {
    /// The width of one character of the text's 11-pixel monospaced font, and a line's height.
    static let characterWidth = 6.7
    static let lineHeight = 15.0

    private(set) var elements: [String] = []

    /// Text made safe inside an SVG element or attribute.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default:
                if character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) { escaped.append(character) }
            }
        }
        return escaped
    }

    /// `text` cut to `characters`, with an ellipsis when it was longer.
    static func fitted(_ text: String, to characters: Int) -> String {
        text.count <= characters ? text : String(text.prefix(max(characters - 1, 0))) + "…"
    }

    static func width(of text: String) -> Double { Double(text.count) * characterWidth }

    mutating func box(x: Double, y: Double, width: Double, height: Double, fill: String, stroke: String = "#8c959f") {
        elements.append(
            #"<rect x="\#(Self.number(x))" y="\#(Self.number(y))" width="\#(Self.number(width))" height="\#(Self.number(height))" rx="6" fill="\#(fill)" stroke="\#(stroke)"/>"#
        )
    }

    mutating func text(_ text: String, x: Double, y: Double, bold: Bool = false, color: String = "#1f2328", anchor: String = "start") {
        let weight = bold ? #" font-weight="bold""# : ""
        elements.append(
            #"<text x="\#(Self.number(x))" y="\#(Self.number(y))" fill="\#(color)" text-anchor="\#(anchor)"\#(weight)>\#(Self.escaped(text))</text>"#)
    }

    /// An arc from (x1, y) up to `height` above and down to (x2, y), ending in an arrowhead, its
    /// label at the top on a white ground.
    mutating func arc(from x1: Double, to x2: Double, y: Double, height: Double, style: EdgeStyle, label: String) {
        let top = y - height
        elements.append(
            #"<path d="M \#(Self.number(x1)) \#(Self.number(y)) C \#(Self.number(x1)) \#(Self.number(top)), \#(Self.number(x2)) \#(Self.number(top)), \#(Self.number(x2)) \#(Self.number(y))" fill="none" stroke="\#(style.color)" stroke-width="1.5"\#(style.dash) marker-end="url(#\#(style.marker))"/>"#
        )
        guard !label.isEmpty else { return }
        let middle = (x1 + x2) / 2
        let labelY = y - height * 0.75
        let labelWidth = Self.width(of: label) + 8
        elements.append(
            ##"<rect x="\##(Self.number(middle - labelWidth / 2))" y="\##(Self.number(labelY - 11))" width="\##(Self.number(labelWidth))" height="15" fill="#ffffff" opacity="0.9"/>"##
        )
        text(label, x: middle, y: labelY, color: style.color, anchor: "middle")
    }

    /// The document: `width` by `height`, with the arrowheads of every edge style.
    func document(width: Double, height: Double, title: String) -> String {
        let markers = EdgeStyle.all.map { style in
            #"<marker id="\#(style.marker)" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="\#(style.color)"/></marker>"#
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.number(width))" height="\(Self.number(height))" viewBox="0 0 \(Self.number(width)) \(Self.number(height))" font-family="ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" font-size="11">
            <title>\(Self.escaped(title))</title>
            <defs>\(markers.joined())</defs>
            <rect width="100%" height="100%" fill="#ffffff"/>
            \(elements.joined(separator: "\n"))
            </svg>

            """
    }

    /// A coordinate with at most one decimal, so the same picture is the same text.
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}

/// How an edge of the app's canvas is drawn, by kind.
struct EdgeStyle {
    let color: String
    let dash: String
    let marker: String

    static let event = EdgeStyle(color: "#0969da", dash: "", marker: "event")
    static let capability = EdgeStyle(color: "#8250df", dash: #" stroke-dasharray="6 4""#, marker: "capability")
    static let link = EdgeStyle(color: "#1a7f37", dash: #" stroke-dasharray="2 3""#, marker: "link")
    static let all = [event, capability, link]

    static func of(_ kind: CanvasModel.Edge.Kind) -> EdgeStyle {
        switch kind {
        case .event: .event
        case .capability: .capability
        case .link: .link
        }
    }
}
