@_spi(AtriumHost) import AtriumSDK
import Foundation

/// Renders a screen as JSON for native clients: the same tree, each node an object with a `type`,
/// plus the anti-forgery token to send back in the `X-CSRF-Token` header with actions. It writes
/// straight into bytes, one switch over every kind of node (a new kind without a rendering does not
/// compile), keys sorted; the output is what `JSONEncoder` with sorted keys makes of the same tree
/// (a test compares them), in a fraction of the time.
package struct JSONRenderer: Sendable {
    package init() {}

    /// The document of `screen` in `schema`'s version (``SceneSchema``): its `schema` says which,
    /// nodes newer than it are their fallbacks, and from version 3 its `locale` says the language
    /// (a BCP 47 tag) the screen's words are in.
    package func render(_ screen: Screen, withToken: Bool, schema: Int = SceneSchema.current, locale: String = "en") -> RenderedPage {
        var writer = JSONWriter()
        writer.document(
            SceneSchema.screen(screen, for: schema), withToken: withToken, schema: schema, locale: SceneSchema.hasLocale(schema) ? locale : nil)
        return writer.page.rendered
    }

    /// The document as data, with `csrfToken` (tests).
    package func render(_ screen: Screen, csrfToken: String?, schema: Int = SceneSchema.current, locale: String = "en") -> Data {
        Data(render(screen, withToken: csrfToken != nil, schema: schema, locale: locale).text(token: csrfToken).utf8)
    }
}

struct JSONWriter {
    var page = PageBytes(capacity: 8192)

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { page.bytes.append(contentsOf: $0) }
    }

    /// Wording as shown, a plain JSON string (a translated tree holds the language's words).
    mutating func string(_ value: Wording) { string(value.text) }

    /// A JSON string, escaped as JSONEncoder does (without escaping slashes).
    mutating func string(_ value: String) {
        page.bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index { page.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                switch byte {
                case UInt8(ascii: "\""): raw("\\\"")
                case UInt8(ascii: "\\"): raw("\\\\")
                case 0x0A: raw("\\n")
                case 0x0D: raw("\\r")
                case 0x09: raw("\\t")
                case 0x08: raw("\\b")
                case 0x0C: raw("\\f")
                default:
                    raw("\\u00")
                    page.bytes.append(Self.hex[Int(byte >> 4)])
                    page.bytes.append(Self.hex[Int(byte & 0x0F)])
                }
                runStart = index + 1
            }
            if runStart < bytes.count { page.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
        }
        page.bytes.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private mutating func number(_ value: Int) { page.bytes.append(contentsOf: String(value).utf8) }

    /// A number as JSONEncoder writes it: whole numbers without a fraction; `null` when not finite.
    private mutating func number(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        if value == value.rounded(), abs(value) < 1e15 {
            number(Int(value))
        } else {
            page.bytes.append(contentsOf: "\(value)".utf8)
        }
    }

    private mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    /// `"key":` — keys are written in sorted order by each caller.
    private mutating func key(_ name: StaticString, first: Bool = false) {
        if !first { raw(",") }
        raw("\"")
        raw(name)
        raw("\":")
    }

    private mutating func word<Word: RawRepresentable>(_ value: Word) where Word.RawValue == String { string(value.rawValue) }

    private mutating func nodes(_ nodes: [UINode]) {
        raw("[")
        for (index, node) in nodes.enumerated() {
            if index > 0 { raw(",") }
            self.node(node)
        }
        raw("]")
    }

    mutating func target(_ target: LinkTarget) {
        switch target {
        case .path(let path):
            raw("{\"path\":")
            string(path)
        case .named(let name):
            raw("{\"route\":")
            string(name.rawValue)
        case .external(let url):
            raw("{\"url\":")
            string(url)
        case .returning(let link, let destination):
            raw("{\"link\":")
            self.target(link)
            raw(",\"returnTo\":")
            self.target(destination)
        }
        raw("}")
    }

    mutating func document(_ screen: Screen, withToken: Bool, schema: Int, locale: String?) {
        raw("{")
        if withToken {
            raw("\"csrfToken\":\"")
            page.token()
            raw("\",")
        }
        if let locale {
            raw("\"locale\":")
            string(locale)
            raw(",")
        }
        raw("\"schema\":")
        number(schema)
        raw(",\"screen\":{\"content\":")
        nodes(screen.content)
        if let refresh = screen.refreshAfterSeconds {
            key("refreshAfterSeconds")
            number(refresh)
        }
        key("title")
        string(screen.title)
        key("toolbar")
        nodes(screen.toolbar)
        raw("}}")
    }

    mutating func node(_ node: UINode) {
        raw("{")
        switch node {
        case .section(let section):
            key("content", first: true)
            nodes(section.content)
            if let title = section.title {
                key("title")
                string(title)
            }
        case .heading(let heading):
            key("level", first: true)
            number(heading.level)
            key("text")
            string(heading.text)
        case .text(let text):
            key("style", first: true)
            word(text.style)
            key("text")
            string(text.text)
        case .image(let image):
            key("alt", first: true)
            string(image.alt)
            if let placeholder = image.placeholder {
                key("placeholder")
                string(placeholder)
            }
            key("shape")
            word(image.shape)
            if let source = image.source {
                key("source")
                string(source)
            }
        case .row(let row):
            key("content", first: true)
            nodes(row.content)
            if let title = row.title {
                key("title")
                string(title)
            }
        case .list(let list):
            key("content", first: true)
            nodes(list.content)
            if let title = list.title {
                key("title")
                string(title)
            }
        case .card(let card):
            key("content", first: true)
            nodes(card.content)
            if let target = card.target {
                key("target")
                self.target(target)
            }
        case .tabs(let tabs):
            key("items", first: true)
            raw("[")
            for (index, tab) in tabs.items.enumerated() {
                if index > 0 { raw(",") }
                raw("{")
                key("isSelected", first: true)
                bool(tab.isSelected)
                key("target")
                target(tab.target)
                key("title")
                string(tab.title)
                raw("}")
            }
            raw("]")
        case .form(let form):
            key("action", first: true)
            target(form.action)
            key("content")
            nodes(form.content)
            if let live = form.liveValidation {
                key("liveValidation")
                target(live)
            }
        case .field(let field):
            var first = true
            if let autofill = field.autofill {
                key("autofill", first: true)
                word(autofill)
                first = false
            }
            if let error = field.error {
                key("error", first: first)
                string(error)
                first = false
            }
            key("isRequired", first: first)
            bool(field.isRequired)
            key("kind")
            word(field.kind)
            key("label")
            string(field.label)
            if let maxLength = field.maxLength {
                key("maxLength")
                number(maxLength)
            }
            key("name")
            string(field.name)
            if let placeholder = field.placeholder {
                key("placeholder")
                string(placeholder)
            }
        case .picker(let picker):
            var first = true
            if let error = picker.error {
                key("error", first: true)
                string(error)
                first = false
            }
            key("isRequired", first: first)
            bool(picker.isRequired)
            key("label")
            string(picker.label)
            key("name")
            string(picker.name)
            key("options")
            raw("[")
            for (index, option) in picker.options.enumerated() {
                if index > 0 { raw(",") }
                raw("{\"label\":")
                string(option.label)
                raw(",\"value\":")
                string(option.value)
                raw("}")
            }
            raw("]")
            if let placeholder = picker.placeholder {
                key("placeholder")
                string(placeholder)
            }
            if let selected = picker.selected {
                key("selected")
                string(selected)
            }
        case .toggle(let toggle):
            key("isOn", first: true)
            bool(toggle.isOn)
            key("label")
            string(toggle.label)
            key("name")
            string(toggle.name)
        case .button(let button):
            var first = true
            if let label = button.accessibilityLabel {
                key("accessibilityLabel", first: true)
                string(label)
                first = false
            }
            if let action = button.action {
                key("action", first: first)
                target(action)
                first = false
            }
            if let busy = button.busyTitle {
                key("busyTitle", first: first)
                string(busy)
                first = false
            }
            key("isEnabled", first: first)
            bool(button.isEnabled)
            key("style")
            word(button.style)
            key("title")
            string(button.title)
        case .link(let link):
            key("style", first: true)
            word(link.style)
            key("target")
            target(link.target)
            key("title")
            string(link.title)
        case .money(let money):
            key("amount", first: true)
            page.bytes.append(contentsOf: money.digits.utf8)
            key("currency")
            string(money.currency)
        case .progress(let progress):
            key("label", first: true)
            string(progress.label)
        case .message(let message):
            key("kind", first: true)
            word(message.kind)
            key("text")
            string(message.text)
        case .map(let map):
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
        case .animation(let animation):
            key("label", first: true)
            string(animation.label)
            key("name")
            string(animation.name)
        }
        // "type" sorts after every other key but "value" (field, progress, toggle).
        raw(",\"type\":\"")
        page.bytes.append(contentsOf: node.typeName.utf8)
        raw("\"")
        switch node {
        case .field(let field):
            key("value")
            string(field.value)
        case .progress(let progress):
            key("value")
            number(progress.value)
        case .toggle(let toggle):
            key("value")
            string(toggle.value)
        default:
            break
        }
        raw("}")
    }

    private mutating func coordinate(_ coordinate: Map.Coordinate) {
        raw("{\"latitude\":")
        number(coordinate.latitude)
        raw(",\"longitude\":")
        number(coordinate.longitude)
        raw("}")
    }
}
