import AtriumSDK
import Foundation

/// Renders a screen as a semantic, accessible HTML page, writing straight into bytes: one switch
/// over every kind of node (a new kind without a rendering does not compile) and one escaping
/// routine (``MarkupEscaping``) for every text and attribute value. Links must be resolved to
/// paths first; the anti-forgery token is left as places in the ``RenderedScreen``.
package struct HTMLRenderer: Sendable {
    package init() {}

    /// `stateID`: the id a live stream of the page gives this state (``SceneEventStream``), so the
    /// browser knows whether the first state its stream sends is the one it shows; `language`: the
    /// page's `lang`; `chrome`: the page's own words in that language.
    package func render(
        _ screen: Screen, shell: AppShell = .empty, current: AppShell.Mark? = nil, stateID: String? = nil, language: String = "en",
        chrome: PageChrome = .source
    ) -> RenderedScreen {
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
    var page = ScreenBytes(capacity: 8192)
    var counter = 0
    var insideLiveForm = false
    var insideCompleteForm = false
    /// Whether a button posts on its own, so the page ends with the one form all such buttons send.
    var hasActionButtons = false
    /// The page's own words (the skip link, landmarks' names), in its language.
    let chrome: PageChrome

    init(chrome: PageChrome = .source) {
        self.chrome = chrome
    }

    /// The id of the page's form for buttons that post on their own (``actionsForm()``).
    static let actionsFormID: StaticString = "atrium-actions"

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { page.bytes.append(contentsOf: $0) }
    }

    mutating func text(_ value: String) {
        MarkupEscaping.append(value, to: &page.bytes)
    }

    /// Wording as shown (a translated tree holds the language's words).
    mutating func text(_ value: Wording) {
        MarkupEscaping.append(value.text, to: &page.bytes)
    }

    mutating func number(_ value: Int) {
        page.bytes.append(contentsOf: String(value).utf8)
    }

    /// ` name="value"`, escaped.
    mutating func attribute(_ name: StaticString, _ value: String) {
        raw(" ")
        raw(name)
        raw("=\"")
        text(value)
        raw("\"")
    }

    mutating func attribute(_ name: StaticString, _ value: Wording) {
        attribute(name, value.text)
    }

    mutating func nextID(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)-\(counter)"
    }

    static func path(_ target: LinkTarget?) -> String? {
        switch target {
        case .path(let path), .external(let path): path
        default: nil
        }
    }

    static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    static func nonEmpty(_ value: Wording?) -> String? {
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
        raw(" · Atrium</title>\n<link rel=\"stylesheet\" href=\"/assets/atrium.css\">\n<link rel=\"manifest\" href=\"/manifest.webmanifest\">\n")
        raw("<script src=\"/assets/atrium.js\" defer></script>\n")
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
    mutating func actionsForm() {
        raw("<form id=\"")
        raw(Self.actionsFormID)
        raw("\" method=\"post\" hidden>")
        tokenInput()
        raw("</form>\n")
    }

    /// The app shell's links, the current one marked for assistive technology and by its style.
    mutating func appNavigation(_ shell: AppShell, current: AppShell.Mark?) {
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
    mutating func itemGroup(_ kind: StaticString, title: Wording?, content: [UINode]) {
        groupStart(kind, title: title, id: nextID(kind.description))
        raw("<ul class=\"")
        raw(kind)
        raw("-items\">")
        items(content)
        raw("</ul></section>")
    }

    /// `<section class="kind" aria-labelledby="id"><h2 id="id">title</h2>` for a titled group.
    mutating func groupStart(_ kind: StaticString, title: Wording?, id: String) {
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

    mutating func items(_ nodes: [UINode]) {
        for node in nodes {
            raw("<li>")
            self.node(node)
            raw("</li>")
        }
    }

    mutating func tokenInput() {
        raw("<input type=\"hidden\" name=\"_csrf\" value=\"")
        page.token()
        raw("\">")
    }

    mutating func node(_ node: UINode) {
        switch node {
        case .section(let section): write(section)
        case .heading(let heading): write(heading)
        case .text(let node): write(node)
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
    mutating func raw<Word: RawRepresentable>(_ word: Word) where Word.RawValue == String {
        page.bytes.append(contentsOf: word.rawValue.utf8)
    }
}
