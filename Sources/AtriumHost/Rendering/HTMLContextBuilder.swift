@_spi(AtriumHost) import AtriumSDK

/// Turns UI nodes into the dictionaries the HTML templates read.
///
/// Every node's dictionary names every kind of node (all but its own set to false) and every
/// payload names every key its template reads, so a template never picks up a value from an
/// enclosing node by accident.
struct HTMLContextBuilder {
    let csrfToken: String
    private var counter = 0
    private var insideLiveForm = false

    init(csrfToken: String) { self.csrfToken = csrfToken }

    static let kinds = [
        "section", "heading", "text", "image", "row", "list", "card", "tabs", "form", "field", "picker",
        "toggle", "button", "link", "money", "progress", "message", "map", "animation",
    ]

    private mutating func nextID(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)-\(counter)"
    }

    private func text(_ value: String?) -> Any { value.flatMap { $0.isEmpty ? nil : $0 } ?? false }

    private func href(_ target: LinkTarget?) -> Any {
        if case .path(let path) = target { return path }
        return false
    }

    mutating func context(for node: UINode) -> [String: Any] {
        var context: [String: Any] = Dictionary(uniqueKeysWithValues: Self.kinds.map { ($0, false as Any) })
        context[node.typeName] = payload(for: node)
        return context
    }

    private mutating func children(_ nodes: [UINode]) -> [[String: Any]] {
        nodes.map { context(for: $0) }
    }

    private mutating func payload(for node: UINode) -> [String: Any] {
        switch node {
        case .section(let section):
            return ["title": text(section.title), "id": nextID("section"), "content": children(section.content)]
        case .heading(let heading):
            return ["text": heading.text, "level": String(heading.level)]
        case .text(let node):
            return ["value": node.text, "style": node.style.rawValue]
        case .image(let image):
            return [
                "source": text(image.source), "alt": image.alt, "shape": image.shape.rawValue,
                "initial": image.placeholder ?? String(image.alt.prefix(1)).uppercased(),
            ]
        case .row(let row):
            return ["title": text(row.title), "id": nextID("row"), "content": children(row.content)]
        case .list(let list):
            return ["title": text(list.title), "id": nextID("list"), "content": children(list.content)]
        case .card(let card):
            return ["href": href(card.target), "content": children(card.content)]
        case .tabs(let tabs):
            return [
                "items": tabs.items.map { ["title": $0.title, "href": href($0.target), "selected": $0.isSelected] as [String: Any] }
            ]
        case .form(let form):
            let live = href(form.liveValidation)
            let wasLive = insideLiveForm
            insideLiveForm = form.liveValidation != nil
            defer { insideLiveForm = wasLive }
            return ["action": href(form.action), "validate": live, "csrf": csrfToken, "content": children(form.content)]
        case .field(let field):
            let id = nextID("field-\(field.name)")
            let autocomplete = field.effectiveAutofill?.rawValue
            return [
                "id": id, "errorID": "\(id)-error", "name": field.name, "label": field.label,
                "kind": field.kind.rawValue,
                "value": field.kind == .password ? false : text(field.value),
                "placeholder": text(field.placeholder), "required": field.isRequired,
                "maxLength": field.maxLength.map { String($0) } ?? false,
                "autocomplete": text(autocomplete),
                "inputMode": field.kind == .number ? "numeric" : false,
                "error": text(field.error),
            ]
        case .picker(let picker):
            let id = nextID("picker-\(picker.name)")
            return [
                "id": id, "errorID": "\(id)-error", "name": picker.name, "label": picker.label,
                "placeholder": text(picker.placeholder), "error": text(picker.error),
                "options": picker.options.map {
                    ["value": $0.value, "label": $0.label, "selected": $0.value == picker.selected] as [String: Any]
                },
            ]
        case .toggle(let toggle):
            return [
                "id": nextID("toggle-\(toggle.name)"), "name": toggle.name, "label": toggle.label, "isOn": toggle.isOn,
                "value": toggle.value,
            ]
        case .button(let button):
            // In a live-validated form the script enables and disables submit buttons; the page
            // leaves them enabled so the form still submits with JavaScript off.
            let governedByScript = insideLiveForm && button.action == nil
            return [
                "title": button.title, "style": button.style.rawValue,
                "disabled": !button.isEnabled && !governedByScript, "requiresValid": governedByScript,
                "action": href(button.action), "csrf": csrfToken, "label": text(button.accessibilityLabel),
            ]
        case .link(let link):
            return ["title": link.title, "href": href(link.target), "style": link.style.rawValue]
        case .money(let money):
            return ["formatted": money.formatted, "amount": String(money.minorUnits), "currency": money.currency]
        case .progress(let progress):
            return [
                "id": nextID("progress"), "label": progress.label,
                "percent": String(Int((progress.value * 100).rounded())), "percentText": progress.percentText,
            ]
        case .message(let message):
            return ["text": message.text, "kind": message.kind.rawValue, "role": message.kind == .error ? "alert" : "status"]
        case .map(let map):
            return [
                "id": nextID("map"), "title": map.title,
                "markers": map.markers.map { marker -> [String: Any] in
                    let x = 50 + (marker.coordinate.longitude - map.center.longitude) / map.span * 100
                    let y = 50 - (marker.coordinate.latitude - map.center.latitude) / map.span * 100
                    return [
                        "title": marker.title, "kind": marker.kind,
                        "x": String(format: "%.2f", min(max(x, 0), 100)),
                        "y": String(format: "%.2f", min(max(y, 0), 100)),
                        "position": String(format: "%.5f, %.5f", marker.coordinate.latitude, marker.coordinate.longitude),
                    ]
                },
            ]
        case .animation(let animation):
            return ["name": animation.name, "label": animation.label]
        }
    }
}
