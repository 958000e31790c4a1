@_spi(AtriumHost) import AtriumSDK
import Foundation

extension HTMLWriter {
    mutating func write(_ section: Section) {
        let id = nextID("section")
        groupStart("section", title: section.title, id: id)
        for child in section.content { self.node(child) }
        raw("</section>")
    }

    mutating func write(_ heading: Heading) {
        raw("<h")
        number(heading.level)
        raw(" class=\"heading\">")
        text(heading.text)
        raw("</h")
        number(heading.level)
        raw(">")
    }

    mutating func write(_ node: Text) {
        raw("<p class=\"text text-")
        raw(node.style)
        raw("\">")
        text(node.text)
        raw("</p>")
    }

    mutating func write(_ image: Image) {
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
    }

    mutating func write(_ row: Row) {
        itemGroup("row", title: row.title, content: row.content)
    }

    mutating func write(_ list: ItemList) {
        itemGroup("list", title: list.title, content: list.content)
    }

    mutating func write(_ card: Card) {
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
    }

    mutating func write(_ tabs: Tabs) {
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
    }

    mutating func write(_ link: Link) {
        raw("<a class=\"link link-")
        raw(link.style)
        raw("\"")
        attribute("href", Self.path(link.target) ?? "")
        raw(">")
        text(link.title)
        raw("</a>")
    }

    mutating func write(_ money: Money) {
        raw("<data class=\"money\" value=\"")
        text(money.digits)
        raw("\">")
        text(money.display)
        raw("</data>")
    }

    mutating func write(_ progress: ProgressBar) {
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
    }

    mutating func write(_ message: Message) {
        raw("<div class=\"message message-")
        raw(message.kind)
        raw(message.kind == .error ? "\" role=\"alert\">" : "\" role=\"status\">")
        text(message.text)
        raw("</div>")
    }

    mutating func write(_ animation: Animation) {
        raw("<div class=\"animation animation-")
        text(animation.name)
        raw("\" role=\"img\"")
        attribute("aria-label", animation.label)
        raw("><span class=\"animation-shape\" aria-hidden=\"true\"></span></div>")
    }
}
