import AtriumClient
import Foundation

/// A screen of the client kit as a terminal shows it: its text, with every link, card, tab, field,
/// picker, toggle and button numbered, and what each number does. Its lines hold the host's text as
/// it came: `TerminalText.visible` spells out control characters where a line reaches the terminal
/// (``TerminalSession``), so a page cannot move the cursor, recolour the terminal or set its title.
struct TerminalPage {
    /// What a number on the page stands for.
    enum Item {
        case target(SceneTarget)
        case action(SceneNode.Button)
        case send(SceneNode.Form)
        case field(SceneNode.Field, in: SceneNode.Form)
        case picker(SceneNode.Picker, in: SceneNode.Form)
        case toggle(SceneNode.Toggle, in: SceneNode.Form)
    }

    private(set) var lines: [String] = []
    private(set) var items: [Item] = []

    /// The language of the screen's words (its document's `locale`): amounts are written in it.
    private let locale: Locale

    /// The page of `screen`, in `locale`, showing `values` and `toggles` typed but not yet sent.
    init(_ screen: SceneScreen, locale: Locale = Locale(identifier: "en_GB"), values: [String: String], toggles: [SceneNode.Toggle: Bool]) {
        self.locale = locale
        let title = screen.title
        lines = [title, String(repeating: "=", count: title.count)]
        for node in screen.toolbar { add(node, depth: 0, form: nil, values: values, toggles: toggles) }
        if !screen.toolbar.isEmpty { lines.append("") }
        for node in screen.content { add(node, depth: 0, form: nil, values: values, toggles: toggles) }
    }

    private mutating func number(_ item: Item) -> String {
        items.append(item)
        return "[\(items.count)]"
    }

    private mutating func add(_ node: SceneNode, depth: Int, form: SceneNode.Form?, values: [String: String], toggles: [SceneNode.Toggle: Bool]) {
        let indent = String(repeating: "  ", count: depth)
        func line(_ text: String) { lines.append(indent + text) }
        func nested(_ nodes: [SceneNode], in form: SceneNode.Form?, deeper: Bool = true) {
            for node in nodes { add(node, depth: deeper ? depth + 1 : depth, form: form, values: values, toggles: toggles) }
        }
        switch node {
        case .section(let section):
            if let title = section.title { line("## " + title) }
            nested(section.content, in: form, deeper: false)
        case .heading(let heading):
            line(String(repeating: "#", count: max(1, min(heading.level, 6))) + " " + heading.text)
        case .text(let text):
            line(text.text)
        case .image(let image):
            if !image.alt.isEmpty { line("[image: \(image.alt)]") }
        case .row(let row):
            if let title = row.title { line("## " + title) }
            nested(row.content, in: form, deeper: false)
        case .list(let list):
            if let title = list.title { line("## " + title) }
            nested(list.content, in: form)
        case .card(let card):
            let label = card.target.map { number(.target($0)) + " " } ?? ""
            line(label + card.title)
            let rest = card.content.flatMap { [$0] + $0.descendants }.compactMap { node -> String? in
                switch node {
                case .text(let text) where text.text != card.title: text.text
                case .money(let money): money.formatted(locale: locale)
                default: nil
                }
            }
            if !rest.isEmpty { line("    " + rest.joined(separator: " · ")) }
        case .tabs(let tabs):
            line(
                tabs.items.map { (number(.target($0.target))) + " " + ($0.isSelected ? "*\($0.title)*" : $0.title) }
                    .joined(separator: "  "))
        case .form(let inner):
            nested(inner.content, in: inner, deeper: false)
        case .field, .picker, .toggle, .button:
            addControl(node, indent: indent, form: form, values: values, toggles: toggles)
        case .link(let link):
            let leaves = if case .external(let url) = link.target { " ↗ \(url)" } else { "" }
            line("\(number(.target(link.target))) \(link.title)\(leaves)")
        case .money(let money):
            line(money.formatted(locale: locale))
        case .progress(let progress):
            let filled = Int((min(max(progress.value, 0), 1) * 20).rounded())
            line("\(progress.label) [" + String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled) + "]")
        case .message(let message):
            line((message.kind == .error || message.kind == .warning ? "! " : "") + message.text)
        case .map(let map):
            line("Map: \(map.title)")
            for marker in map.markers.prefix(20) { line("  * \(marker.title) (\(marker.kind) \(marker.id))") }
            if map.markers.count > 20 { line("  … and \(map.markers.count - 20) more") }
        case .animation(let animation):
            line("(\(animation.label))")
        case .unknown(let unknown):
            nested(unknown.content, in: form, deeper: false)
        }
    }

    /// A form's control: a field, picker or toggle numbered for typing into, a button for pressing.
    private mutating func addControl(
        _ node: SceneNode, indent: String, form: SceneNode.Form?, values: [String: String], toggles: [SceneNode.Toggle: Bool]
    ) {
        func line(_ text: String) { lines.append(indent + text) }
        switch node {
        case .field(let field):
            guard let form else { return }
            let value = values[field.name] ?? field.value
            let shown = field.kind == .password ? String(repeating: "•", count: min(value.count, 12)) : value
            line("\(number(.field(field, in: form))) \(field.label): \(shown.isEmpty ? "_" : shown)")
            if let error = field.error { line("    ! " + error) }
        case .picker(let picker):
            guard let form else { return }
            let chosen = values[picker.name] ?? picker.selected
            let options = picker.options.map { $0.value == chosen ? "*\($0.value)*" : $0.value }
            line("\(number(.picker(picker, in: form))) \(picker.label) \(options.joined(separator: " / "))")
            if let error = picker.error { line("    ! " + error) }
        case .toggle(let toggle):
            guard let form else { return }
            let on = toggles[toggle] ?? toggle.isOn
            line("\(number(.toggle(toggle, in: form))) [\(on ? "x" : " ")] \(toggle.label)")
        case .button(let button):
            let title = button.title + (button.isEnabled ? "" : " (disabled)")
            if button.action != nil {
                line("\(number(.action(button))) ( \(title) )")
            } else if let form {
                line("\(number(.send(form))) ( \(title) )")
            } else {
                line("( \(title) )")
            }
        default:
            break
        }
    }
}
