@_spi(AtriumHost) import AtriumSDK
import Foundation

/// Renders a screen as a semantic, accessible HTML page, writing straight into bytes: one switch
/// over every kind of node (a new kind without a rendering does not compile) and one escaping
/// routine (``MarkupEscaping``) for every text and attribute value. Links must be resolved to
/// paths first; the anti-forgery token is left as places in the ``RenderedPage``.
package struct HTMLRenderer: Sendable {
    package init() {}

    /// `stateID`: the id a live stream of the page gives this state (``SceneEventStream``), so the
    /// browser knows whether the first state its stream sends is the one it shows; `language`: the
    /// page's `lang`; `chrome`: the page's own words in that language.
    package func render(
        _ screen: Screen, shell: AppShell = .empty, current: AppShell.Mark? = nil, stateID: String? = nil, language: String = "en",
        chrome: PageChrome = .source
    ) -> RenderedPage {
        var writer = HTMLWriter(chrome: chrome)
        writer.page(screen, shell: shell, current: current, stateID: stateID, language: language)
        return writer.page.rendered
    }

    /// The page with `csrfToken` in every form (tests).
    package func render(_ screen: Screen, csrfToken: String?) -> String {
        render(screen).text(token: csrfToken)
    }
}

/// The state of one rendering: the bytes so far, the next element id, and whether the nodes being
/// written are inside a form the script validates as the visitor types.
struct HTMLWriter {
    var page = PageBytes(capacity: 8192)
    private var counter = 0
    private var insideLiveForm = false
    private var insideCompleteForm = false
    /// Whether a button posts on its own, so the page ends with the one form all such buttons send.
    private var hasActionButtons = false
    /// The page's own words (the skip link, landmarks' names), in its language.
    let chrome: PageChrome

    init(chrome: PageChrome = .source) {
        self.chrome = chrome
    }

    /// The id of the page's form for buttons that post on their own (``actionsForm()``).
    static let actionsFormID: StaticString = "atrium-actions"

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { page.bytes.append(contentsOf: $0) }
    }

    private mutating func text(_ value: String) {
        MarkupEscaping.append(value, to: &page.bytes)
    }

    /// Wording as shown (a translated tree holds the language's words).
    private mutating func text(_ value: Wording) {
        MarkupEscaping.append(value.text, to: &page.bytes)
    }

    private mutating func number(_ value: Int) {
        page.bytes.append(contentsOf: String(value).utf8)
    }

    /// ` name="value"`, escaped.
    private mutating func attribute(_ name: StaticString, _ value: String) {
        raw(" ")
        raw(name)
        raw("=\"")
        text(value)
        raw("\"")
    }

    private mutating func attribute(_ name: StaticString, _ value: Wording) {
        attribute(name, value.text)
    }

    private mutating func nextID(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)-\(counter)"
    }

    private static func path(_ target: LinkTarget?) -> String? {
        switch target {
        case .path(let path), .external(let path): path
        default: nil
        }
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    private static func nonEmpty(_ value: Wording?) -> String? {
        nonEmpty(value?.text)
    }

    mutating func page(_ screen: Screen, shell: AppShell, current: AppShell.Mark?, stateID: String? = nil, language: String = "en") {
        raw("<!doctype html>\n<html")
        attribute("lang", language)
        raw(">\n<head>\n<meta charset=\"utf-8\">\n")
        raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        if let refresh = screen.refreshAfterSeconds {
            raw("<meta http-equiv=\"refresh\" content=\"")
            number(refresh)
            raw("\">\n")
        }
        raw("<title>")
        text(screen.title)
        raw(" · Atrium</title>\n<link rel=\"stylesheet\" href=\"/assets/atrium.css\">\n<script src=\"/assets/atrium.js\" defer></script>\n")
        raw("</head>\n<body")
        // The script says the page changed in the page's language; in English it knows the words.
        if !chrome.isSource { attribute("data-updated", chrome.updated) }
        raw(">\n<a class=\"skip-link\" href=\"#main\">")
        text(chrome.skipLink)
        raw("</a>\n<header class=\"top-bar\">\n<a class=\"home-link\" href=\"/\"")
        attribute("aria-label", chrome.homeLink)
        raw(">")
        text(chrome.productName)
        raw("</a>\n")
        if let languageLink = chrome.languageLink {
            raw("<a class=\"language-link\" href=\"/language\">")
            text(languageLink)
            raw("</a>\n")
        }
        raw("<h1>")
        text(screen.title)
        raw("</h1>\n")
        if !screen.toolbar.isEmpty {
            raw("<nav class=\"toolbar\"")
            attribute("aria-label", chrome.toolbar)
            raw(">")
            for node in screen.toolbar { self.node(node) }
            raw("</nav>")
        }
        raw("\n</header>\n")
        appNavigation(shell, current: current)
        raw("<main id=\"main\"")
        if let stateID { attribute("data-state", stateID) }
        raw(">\n")
        for node in screen.content {
            self.node(node)
            raw("\n")
        }
        if hasActionButtons { actionsForm() }
        raw("</main>\n</body>\n</html>\n")
    }

    /// The one form every button with an action of its own sends (each names it with `form` and
    /// its own target with `formaction`), so the page holds the visitor's anti-forgery token once,
    /// not once per button: `/cookbook`'s ninety such buttons, each with a form and a token of its
    /// own, were 7 KB of its 57 KB and ninety places the token had to be copied into. It is inside
    /// `main`, which a live update replaces, so it is never missing from a page that has such buttons.
    private mutating func actionsForm() {
        raw("<form id=\"")
        raw(Self.actionsFormID)
        raw("\" method=\"post\" hidden>")
        tokenInput()
        raw("</form>\n")
    }

    /// The app shell's links, the current one marked for assistive technology and by its style.
    private mutating func appNavigation(_ shell: AppShell, current: AppShell.Mark?) {
        guard !shell.sections.isEmpty else { return }
        raw("<nav class=\"app-nav\"")
        attribute("aria-label", chrome.sections)
        raw("><ul>")
        for (index, section) in shell.sections.enumerated() {
            raw("<li><a")
            attribute("href", section.path)
            if let current, current.index == index { raw(current.isPage ? " aria-current=\"page\"" : " aria-current=\"true\"") }
            raw(">")
            text(section.label)
            raw("</a></li>")
        }
        raw("</ul></nav>\n")
    }

    /// A titled group of items: `<section class="kind">…<ul class="kind-items">…</ul></section>`.
    private mutating func itemGroup(_ kind: StaticString, title: Wording?, content: [UINode]) {
        groupStart(kind, title: title, id: nextID(kind.description))
        raw("<ul class=\"")
        raw(kind)
        raw("-items\">")
        items(content)
        raw("</ul></section>")
    }

    /// `<section class="kind" aria-labelledby="id"><h2 id="id">title</h2>` for a titled group.
    private mutating func groupStart(_ kind: StaticString, title: Wording?, id: String) {
        raw("<section class=\"")
        raw(kind)
        raw("\"")
        let title = Self.nonEmpty(title)
        if title != nil { attribute("aria-labelledby", id) }
        raw(">")
        if let title {
            raw("<h2 id=\"")
            text(id)
            raw("\">")
            text(title)
            raw("</h2>")
        }
    }

    private mutating func items(_ nodes: [UINode]) {
        for node in nodes {
            raw("<li>")
            self.node(node)
            raw("</li>")
        }
    }

    private mutating func tokenInput() {
        raw("<input type=\"hidden\" name=\"_csrf\" value=\"")
        page.token()
        raw("\">")
    }

    mutating func node(_ node: UINode) {
        switch node {
        case .section(let section):
            let id = nextID("section")
            groupStart("section", title: section.title, id: id)
            for child in section.content { self.node(child) }
            raw("</section>")
        case .heading(let heading):
            raw("<h")
            number(heading.level)
            raw(" class=\"heading\">")
            text(heading.text)
            raw("</h")
            number(heading.level)
            raw(">")
        case .text(let node):
            raw("<p class=\"text text-")
            raw(node.style)
            raw("\">")
            text(node.text)
            raw("</p>")
        case .image(let image):
            if let source = Self.nonEmpty(image.source) {
                raw("<img class=\"image image-")
                raw(image.shape)
                raw("\"")
                attribute("src", source)
                attribute("alt", image.alt)
                raw(" loading=\"lazy\">")
            } else {
                raw("<span class=\"image image-")
                raw(image.shape)
                if image.alt.text.isEmpty {
                    // Decorative: the text beside it names it.
                    raw(" image-placeholder\" aria-hidden=\"true\">")
                } else {
                    raw(" image-placeholder\" role=\"img\"")
                    attribute("aria-label", image.alt)
                    raw(">")
                }
                text(image.placeholder ?? String(image.alt.text.prefix(1)).uppercased())
                raw("</span>")
            }
        case .row(let row):
            itemGroup("row", title: row.title, content: row.content)
        case .list(let list):
            itemGroup("list", title: list.title, content: list.content)
        case .card(let card):
            raw("<article class=\"card\">")
            let href = Self.path(card.target)
            if let href {
                raw("<a class=\"card-link\"")
                attribute("href", href)
                raw(">")
            }
            for child in card.content { self.node(child) }
            if href != nil { raw("</a>") }
            raw("</article>")
        case .tabs(let tabs):
            raw("<nav class=\"tabs\"")
            attribute("aria-label", chrome.tabs)
            raw("><ul>")
            for tab in tabs.items {
                raw("<li><a")
                attribute("href", Self.path(tab.target) ?? "")
                if tab.isSelected { raw(" aria-current=\"page\"") }
                raw(">")
                text(tab.title)
                raw("</a></li>")
            }
            raw("</ul></nav>")
        case .form(let form):
            raw("<form class=\"form\" method=\"post\"")
            attribute("action", Self.path(form.action) ?? "")
            if let validate = Self.path(form.liveValidation) { attribute("data-validate", validate) }
            // A form with a code field: the script keeps submit disabled until the code is complete.
            let hasCode = Self.hasCodeField(form.content)
            if hasCode { raw(" data-complete") }
            raw(" novalidate>")
            tokenInput()
            let wasLive = insideLiveForm
            let wasComplete = insideCompleteForm
            insideLiveForm = form.liveValidation != nil
            insideCompleteForm = hasCode
            for child in form.content { self.node(child) }
            insideLiveForm = wasLive
            insideCompleteForm = wasComplete
            raw("</form>")
        case .field(let field):
            let id = nextID("field-\(field.name)")
            let error = Self.nonEmpty(field.error)
            raw(error == nil ? "<div class=\"field\"><label" : "<div class=\"field field-invalid\"><label")
            attribute("for", id)
            raw(">")
            text(field.label)
            raw("</label><input")
            attribute("id", id)
            attribute("name", field.name)
            switch field.kind {
            case .code: raw(" type=\"text\"")
            case .text, .email, .password, .number:
                raw(" type=\"")
                raw(field.kind)
                raw("\"")
            }
            if field.kind != .password, let value = Self.nonEmpty(field.value) { attribute("value", value) }
            if let placeholder = Self.nonEmpty(field.placeholder) { attribute("placeholder", placeholder) }
            if field.isRequired { raw(" required") }
            if let maxLength = field.maxLength {
                raw(" maxlength=\"")
                number(maxLength)
                raw("\"")
            }
            if let autofill = field.effectiveAutofill { attribute("autocomplete", autofill.rawValue) }
            if field.kind == .number || field.kind == .code { raw(" inputmode=\"numeric\"") }
            if field.kind == .code, let length = field.maxLength {
                raw(" pattern=\"[0-9]{")
                number(length)
                raw("}\" minlength=\"")
                number(length)
                raw("\"")
            }
            attribute("aria-describedby", id + "-error")
            if error != nil { raw(" aria-invalid=\"true\"") }
            raw("><p class=\"field-error\"")
            attribute("id", id + "-error")
            raw(" aria-live=\"polite\">")
            if let error { text(error) }
            raw("</p></div>")
        case .picker(let picker):
            let id = nextID("picker-\(picker.name)")
            let error = Self.nonEmpty(picker.error)
            raw(error == nil ? "<div class=\"field\"><label" : "<div class=\"field field-invalid\"><label")
            attribute("for", id)
            raw(">")
            text(picker.label)
            raw("</label><select")
            attribute("id", id)
            attribute("name", picker.name)
            if picker.isRequired { raw(" required") }
            attribute("aria-describedby", id + "-error")
            if error != nil { raw(" aria-invalid=\"true\"") }
            raw(">")
            if let placeholder = Self.nonEmpty(picker.placeholder) {
                raw("<option value=\"\">")
                text(placeholder)
                raw("</option>")
            }
            for option in picker.options {
                raw("<option")
                attribute("value", option.value)
                if option.value == picker.selected { raw(" selected") }
                raw(">")
                text(option.label)
                raw("</option>")
            }
            raw("</select><p class=\"field-error\"")
            attribute("id", id + "-error")
            raw(" aria-live=\"polite\">")
            if let error { text(error) }
            raw("</p></div>")
        case .toggle(let toggle):
            let id = nextID("toggle-\(toggle.name)")
            raw("<div class=\"toggle\"><input")
            attribute("id", id)
            raw(" type=\"checkbox\" role=\"switch\"")
            attribute("name", toggle.name)
            attribute("value", toggle.value)
            if toggle.isOn { raw(" checked") }
            raw("><label")
            attribute("for", id)
            raw(">")
            text(toggle.label)
            raw("</label></div>")
        case .button(let button):
            // In a live-validated form the script enables and disables submit buttons; the page
            // leaves them enabled so the form still submits with JavaScript off.
            let governedByScript = insideLiveForm && button.action == nil
            let action = Self.path(button.action)
            // A button that posts on its own sends the page's actions form to its own target. It
            // keeps a block of its own, as a form of its own would give it.
            if action != nil {
                hasActionButtons = true
                raw("<div class=\"button-form\">")
            }
            raw("<button type=\"submit\" class=\"button button-")
            raw(button.style)
            raw("\"")
            if let action {
                raw(" form=\"")
                raw(Self.actionsFormID)
                raw("\"")
                attribute("formaction", action)
            }
            if let label = Self.nonEmpty(button.accessibilityLabel) { attribute("aria-label", label) }
            if !button.isEnabled && !governedByScript { raw(" disabled") }
            if governedByScript { raw(" data-requires-valid") }
            if insideCompleteForm && button.action == nil { raw(" data-requires-complete") }
            if let busy = Self.nonEmpty(button.busyTitle) { attribute("data-busy-title", busy) }
            raw(">")
            text(button.title)
            raw("</button>")
            if action != nil { raw("</div>") }
        case .link(let link):
            raw("<a class=\"link link-")
            raw(link.style)
            raw("\"")
            attribute("href", Self.path(link.target) ?? "")
            raw(">")
            text(link.title)
            raw("</a>")
        case .money(let money):
            raw("<data class=\"money\" value=\"")
            text(money.digits)
            raw("\">")
            text(money.display)
            raw("</data>")
        case .progress(let progress):
            let id = nextID("progress")
            raw("<div class=\"progress\"><label")
            attribute("for", id)
            raw(">")
            text(progress.label)
            raw("</label><progress")
            attribute("id", id)
            raw(" max=\"100\" value=\"")
            number(Int((progress.value * 100).rounded()))
            raw("\">")
            text(progress.percentText)
            raw("</progress><span class=\"progress-value\" aria-hidden=\"true\">")
            text(progress.percentText)
            raw("</span></div>")
        case .message(let message):
            raw("<div class=\"message message-")
            raw(message.kind)
            raw(message.kind == .error ? "\" role=\"alert\">" : "\" role=\"status\">")
            text(message.text)
            raw("</div>")
        case .map(let map):
            let id = nextID("map")
            raw("<figure class=\"map\"><svg class=\"map-canvas\" viewBox=\"0 0 100 100\" role=\"img\"")
            attribute("aria-labelledby", id)
            raw(">")
            if let tiles = map.tiles {
                for tile in MapGeometry.tiles(for: map) {
                    raw("<image preserveAspectRatio=\"none\"")
                    attribute("href", MapGeometry.address(of: tile, in: tiles.template))
                    raw(" x=\"")
                    text(tile.x)
                    raw("\" y=\"")
                    text(tile.y)
                    raw("\" width=\"")
                    text(tile.width)
                    raw("\" height=\"")
                    text(tile.height)
                    raw("\"/>")
                }
            }
            let scale = MapGeometry.scaleBar(for: map, metres: chrome.metres.text, kilometres: chrome.kilometres.text)
            raw("<g class=\"map-scale\"><line x1=\"4\" y1=\"96\" x2=\"")
            text(scale.end)
            raw("\" y2=\"96\"/><text x=\"4\" y=\"93\">")
            text(scale.label)
            raw("</text></g>")
            for marker in map.markers {
                let (x, y) = Self.position(of: marker, on: map)
                raw("<circle class=\"marker marker-")
                text(marker.kind)
                raw("\" cx=\"")
                text(x)
                raw("\" cy=\"")
                text(y)
                raw("\" r=\"1.8\"><title>")
                text(marker.title)
                raw("</title></circle>")
            }
            raw("</svg><figcaption")
            attribute("id", id)
            raw(">")
            text(map.title)
            // The list scrolls within the figure, so it takes the keyboard's focus to scroll with the keys.
            raw("</figcaption><ul class=\"map-markers\" tabindex=\"0\"")
            attribute("aria-labelledby", id)
            raw(">")
            for marker in map.markers {
                raw("<li class=\"marker-")
                text(marker.kind)
                raw("\">")
                text(marker.title)
                raw(" <span class=\"coordinate\">")
                text(String(format: "%.5f, %.5f", marker.coordinate.latitude, marker.coordinate.longitude))
                raw("</span></li>")
            }
            raw("</ul>")
            if let tiles = map.tiles {
                raw("<small class=\"map-attribution\">")
                text(tiles.attribution)
                raw("</small>")
            }
            if map.locatesUser {
                raw("<button type=\"button\" class=\"button button-secondary map-locate\" data-locate hidden>")
                text(chrome.locate)
                raw("</button>")
            }
            raw("</figure>")
        case .animation(let animation):
            raw("<div class=\"animation animation-")
            text(animation.name)
            raw("\" role=\"img\"")
            attribute("aria-label", animation.label)
            raw("><span class=\"animation-shape\" aria-hidden=\"true\"></span></div>")
        }
    }

    /// Where a marker sits on the map's 100×100 canvas, clamped to its edges.
    static func position(of marker: Map.Marker, on map: Map) -> (x: String, y: String) {
        let span = map.span > 0 && map.span.isFinite ? map.span : 0.02
        let x = 50 + (marker.coordinate.longitude - map.center.longitude) / span * 100
        let y = 50 - (marker.coordinate.latitude - map.center.latitude) / span * 100
        func clamped(_ value: Double) -> String { String(format: "%.2f", value.isFinite ? min(max(value, 0), 100) : 50) }
        return (clamped(x), clamped(y))
    }

    /// Whether a form's nodes hold a one-time-code field.
    static func hasCodeField(_ nodes: [UINode]) -> Bool {
        nodes.contains { node in
            if case .field(let field) = node, field.kind == .code { return true }
            return hasCodeField(node.children)
        }
    }

    /// The raw value of a node's style or kind: a fixed word, written as it is.
    private mutating func raw<Word: RawRepresentable>(_ word: Word) where Word.RawValue == String {
        page.bytes.append(contentsOf: word.rawValue.utf8)
    }
}
