@_spi(AtriumHost) import AtriumSDK
import AtriumSupport

/// Renders a screen as plain text for a terminal (`atrium render /path --format text`).
package struct TextRenderer: Sendable {
    package init() {}

    package func render(_ screen: Screen) -> String {
        var lines = [screen.title.text, String(repeating: "=", count: screen.title.text.count)]
        if !screen.toolbar.isEmpty {
            lines.append(screen.toolbar.flatMap { self.lines(for: $0, depth: 0) }.joined(separator: "  "))
        }
        lines.append("")
        for node in screen.content { lines += self.lines(for: node, depth: 0) }
        return lines.map(TerminalText.visible).joined(separator: "\n") + "\n"
    }

    private func target(_ target: LinkTarget?) -> String {
        if case .path(let path) = target { return " → \(path)" }
        return ""
    }

    private func lines(for node: UINode, depth: Int) -> [String] {
        let indent = String(repeating: "  ", count: depth)
        func nested(_ nodes: [UINode], _ extra: Int = 1) -> [String] {
            nodes.flatMap { lines(for: $0, depth: depth + extra) }
        }
        switch node {
        case .section(let section):
            return (section.title.map { ["", indent + "## " + $0.text] } ?? []) + nested(section.content, 0)
        case .heading(let heading):
            return [indent + String(repeating: "#", count: heading.level) + " " + heading.text]
        case .text(let text):
            return [indent + text.text]
        case .image(let image):
            return image.alt.text.isEmpty ? [] : [indent + "[image: \(image.alt)]"]
        case .row(let row):
            let items = row.content.flatMap { lines(for: $0, depth: 0) }.filter { !$0.isEmpty }
            return (row.title.map { ["", indent + "## " + $0.text] } ?? []) + [indent + items.joined(separator: " | ")]
        case .list(let list):
            let title = list.title.map { ["", indent + "## " + $0.text] } ?? []
            return title
                + list.content.flatMap { item in
                    let itemLines = lines(for: item, depth: 0)
                    return itemLines.enumerated().map { index, line in indent + (index == 0 ? "- " : "  ") + line }
                }
        case .card(let card):
            let content = card.content.flatMap { lines(for: $0, depth: 0) }.filter { !$0.hasPrefix("[image") }
            return [indent + content.joined(separator: " · ") + target(card.target)]
        case .tabs(let tabs):
            return [indent + tabs.items.map { $0.isSelected ? "[\($0.title)]" : $0.title.text }.joined(separator: " | ")]
        case .form(let form):
            return nested(form.content, 0) + [indent + "(form\(target(form.action)))"]
        case .field(let field):
            let value = field.kind == .password ? String(repeating: "•", count: min(field.value.count, 8)) : field.value
            return [indent + "\(field.label): \(value)"] + (field.error.map { [indent + "  ! \($0)"] } ?? [])
        case .picker(let picker):
            let chosen = picker.options.first { $0.value == picker.selected }?.label ?? "—"
            return [indent + "\(picker.label) \(chosen)"] + (picker.error.map { [indent + "  ! \($0)"] } ?? [])
        case .toggle(let toggle):
            return [indent + "[\(toggle.isOn ? "x" : " ")] \(toggle.label)"]
        case .button(let button):
            return [indent + "[ \(button.accessibilityLabel ?? button.title) ]" + (button.isEnabled ? "" : " (disabled)") + target(button.action)]
        case .link(let link):
            return [indent + link.title.text + target(link.target)]
        case .money(let money):
            return [indent + money.display]
        case .progress(let progress):
            let filled = Int((progress.value * 20).rounded())
            return [
                indent + "\(progress.label) [" + String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled)
                    + "] \(progress.percentText)"
            ]
        case .message(let message):
            return [indent + (message.kind == .error ? "! " : "") + message.text.text]
        case .map(let map):
            return [indent + "Map: \(map.title)"]
                + map.markers.map {
                    indent + "  * \($0.title) (\($0.coordinate.latitude), \($0.coordinate.longitude))"
                }
        case .animation(let animation):
            return [indent + "(\(animation.label))"]
        }
    }
}
