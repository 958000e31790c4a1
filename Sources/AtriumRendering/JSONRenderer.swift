import AtriumSDK
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
    package func render(_ screen: Screen, withToken: Bool, schema: Int = SceneSchema.current, locale: String = "en") -> RenderedScreen {
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
    var page = ScreenBytes(capacity: 8192)

    mutating func raw(_ text: StaticString) {
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

    mutating func number(_ value: Int) { page.bytes.append(contentsOf: String(value).utf8) }

    /// A number as JSONEncoder writes it: whole numbers without a fraction; `null` when not finite.
    mutating func number(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        if value == value.rounded(), abs(value) < 1e15 {
            number(Int(value))
        } else {
            page.bytes.append(contentsOf: "\(value)".utf8)
        }
    }

    mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    /// `"key":` — keys are written in sorted order by each caller.
    mutating func key(_ name: StaticString, first: Bool = false) {
        if !first { raw(",") }
        raw("\"")
        raw(name)
        raw("\":")
    }

    mutating func word<Word: RawRepresentable>(_ value: Word) where Word.RawValue == String { string(value.rawValue) }

    mutating func nodes(_ nodes: [UINode]) {
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
        case .section(let section): write(section)
        case .heading(let heading): write(heading)
        case .text(let text): write(text)
        case .image(let image): write(image)
        case .row(let row): write(row)
        case .list(let list): write(list)
        case .card(let card): write(card)
        case .tabs(let tabs): write(tabs)
        case .form(let form): write(form)
        case .field(let field): write(field)
        case .picker(let picker): write(picker)
        case .toggle(let toggle): write(toggle)
        case .button(let button): write(button)
        case .link(let link): write(link)
        case .money(let money): write(money)
        case .progress(let progress): write(progress)
        case .message(let message): write(message)
        case .map(let map): write(map)
        case .animation(let animation): write(animation)
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

    mutating func coordinate(_ coordinate: Map.Coordinate) {
        raw("{\"latitude\":")
        number(coordinate.latitude)
        raw(",\"longitude\":")
        number(coordinate.longitude)
        raw("}")
    }
}
