import AtriumSDK
import Foundation

extension JSONWriter {
    mutating func write(_ section: Section) {
        key("content", first: true)
        nodes(section.content)
        if let title = section.title {
            key("title")
            string(title)
        }
    }

    mutating func write(_ heading: Heading) {
        key("level", first: true)
        number(heading.level)
        key("text")
        string(heading.text)
    }

    mutating func write(_ text: Text) {
        key("style", first: true)
        word(text.style)
        key("text")
        string(text.text)
    }

    mutating func write(_ image: Image) {
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
    }

    mutating func write(_ row: Row) {
        key("content", first: true)
        nodes(row.content)
        if let title = row.title {
            key("title")
            string(title)
        }
    }

    mutating func write(_ list: ItemList) {
        key("content", first: true)
        nodes(list.content)
        if let title = list.title {
            key("title")
            string(title)
        }
    }

    mutating func write(_ card: Card) {
        key("content", first: true)
        nodes(card.content)
        if let target = card.target {
            key("target")
            self.target(target)
        }
    }

    mutating func write(_ tabs: Tabs) {
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
    }

    mutating func write(_ link: Link) {
        key("style", first: true)
        word(link.style)
        key("target")
        target(link.target)
        key("title")
        string(link.title)
    }

    mutating func write(_ money: Money) {
        key("amount", first: true)
        page.bytes.append(contentsOf: money.digits.utf8)
        key("currency")
        string(money.currency)
    }

    mutating func write(_ progress: ProgressBar) {
        key("label", first: true)
        string(progress.label)
    }

    mutating func write(_ message: Message) {
        key("kind", first: true)
        word(message.kind)
        key("text")
        string(message.text)
    }

    mutating func write(_ animation: Animation) {
        key("label", first: true)
        string(animation.label)
        key("name")
        string(animation.name)
    }
}
