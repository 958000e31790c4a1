@_spi(AtriumHost) import AtriumSDK

/// Puts a module's wording into one language: each ``Wording``'s key looked up in the module's
/// catalog (``StringCatalog``), its plural form chosen by CLDR's rule for the language and the
/// first whole number it holds, and its data filled in, numbers written as the language writes
/// them. A key the language lacks shows in the source language (the catalog check in `.ci/run`
/// keeps that from shipping); the pseudo-language (``PseudoLanguage``) transforms the source forms.
/// Data (`verbatim` text) is never touched.
package struct Translator: Sendable {
    /// The language words are put into (a BCP 47 tag).
    package let language: String
    let catalog: StringCatalog
    let conventions: NumberConventions
    let isPseudo: Bool

    /// How the language writes amounts, decimals and dates; nil when it writes them as the source
    /// does (English, or the pseudo-language, which leaves data as it is) and they stay as the view
    /// wrote them. Not made then: a locale's first use loads its CLDR data, 0.7 ms of every start
    /// that offers English alone.
    let formats: LanguageFormats?
    var isSourceLanguage: Bool { formats == nil }

    package init(language: String, catalog: StringCatalog) {
        self.language = language
        self.catalog = catalog
        isPseudo = PseudoLanguage.isPseudo(language)
        conventions = NumberConventions(language: isPseudo ? catalog.sourceLanguage : language)
        let writesAsTheSource = isPseudo || PluralCategory.primary(language) == PluralCategory.primary(catalog.sourceLanguage)
        formats = writesAsTheSource ? nil : LanguageFormats(language: language)
    }

    /// `wording` in the language.
    package func text(_ wording: Wording) -> String {
        guard let key = wording.key else { return wording.text }
        let entry = catalog.entries[key]
        let lookup = isPseudo ? catalog.sourceLanguage : language
        let form: String
        if let forms = entry?[lookup] {
            form = choose(forms, numbers: wording.numbers, language: lookup)
        } else if !isPseudo && (isSourceLanguage ? !Self.hasWordingParts(wording) : wording.parts.isEmpty) {
            // Not translated: the source words as the module wrote them.
            return wording.text
        } else {
            // The words as written around parts that are translated on their own.
            form = key
        }
        var arguments = wording.arguments
        for (index, part) in wording.parts.enumerated() where index < arguments.count {
            if let part { arguments[index] = text(of: part, shown: arguments[index]) }
        }
        return Placeholders.fill(
            isPseudo ? PseudoLanguage.transform(form) : form, arguments: arguments, numbers: wording.numbers, conventions: conventions)
    }

    /// An argument as the language writes it; in the source language (and the pseudo-language,
    /// which keeps its data) amounts, decimals and dates stay as the view wrote them (`shown`).
    private func text(of part: Wording.Part, shown: String) -> String {
        switch part {
        case .wording(let wording): text(wording)
        case .money(let money): formats?.money(money) ?? shown
        case .decimal(let value, let fractionDigits): formats?.decimal(value, fractionDigits: fractionDigits) ?? shown
        case .date(let date, let dateStyle, let timeStyle): formats?.date(date, date: dateStyle, time: timeStyle) ?? shown
        }
    }

    /// Whether some of `wording`'s arguments are words of their own (which may have plural forms
    /// even in the source language).
    private static func hasWordingParts(_ wording: Wording) -> Bool {
        wording.parts.contains { if case .wording = $0 { true } else { false } }
    }

    private func choose(_ forms: StringCatalog.Forms, numbers: [Int?], language: String) -> String {
        switch forms {
        case .single(let form):
            return form
        case .plural(let byCategory):
            let number = numbers.lazy.compactMap(\.self).first
            let category = number.map { PluralCategory($0, language: language) } ?? .other
            return byCategory[category] ?? byCategory[.other] ?? ""
        }
    }

    /// `wording` in the language, as wording still (data stays data), so a tree stays a tree.
    /// In the pseudo-language data shown as wording (a recipe's name as a link's title) is
    /// marked as data (``PseudoLanguage/data(_:)``), so a page in it tells what was translated,
    /// what is data, and what was neither (text written where no wording goes).
    package func translated(_ wording: Wording) -> Wording {
        if wording.isTranslatable { return Wording(verbatim: text(wording)) }
        return isPseudo && !wording.text.isEmpty ? Wording(verbatim: PseudoLanguage.data(wording.text)) : wording
    }

    private static func pseudoData(_ text: String) -> String { text.isEmpty ? text : PseudoLanguage.data(text) }

    package func translated(_ wording: Wording?) -> Wording? {
        wording.map(translated)
    }

    /// `screen` with every node's wording in the language.
    package func translated(_ screen: Screen) -> Screen {
        var screen = screen
        screen.title = translated(screen.title)
        screen.toolbar = screen.toolbar.map(translated)
        screen.content = screen.content.map(translated)
        return screen
    }

    /// `node` with its wording, and that of the nodes inside it, in the language. Data (a
    /// marker's title, a field's value, an amount) is left as it is.
    package func translated(_ node: UINode) -> UINode {
        switch node {
        case .text(var text):
            if let wording = text.wording { text.text = self.text(wording) } else if isPseudo { text.text = Self.pseudoData(text.text) }
            return .text(text)
        case .heading(var heading):
            if let wording = heading.wording {
                heading.text = self.text(wording)
            } else if isPseudo {
                heading.text = Self.pseudoData(heading.text)
            }
            return .heading(heading)
        case .section(var section):
            section.title = translated(section.title)
            return UINode.section(section).replacingChildren { $0.map(translated) }
        case .row(var row):
            row.title = translated(row.title)
            return UINode.row(row).replacingChildren { $0.map(translated) }
        case .list(var list):
            list.title = translated(list.title)
            return UINode.list(list).replacingChildren { $0.map(translated) }
        case .card, .form:
            return node.replacingChildren { $0.map(translated) }
        case .image(var image):
            image.alt = translated(image.alt)
            if isPseudo { image.placeholder = image.placeholder.map(Self.pseudoData) }
            return .image(image)
        case .tabs(var tabs):
            for index in tabs.items.indices { tabs.items[index].title = translated(tabs.items[index].title) }
            return .tabs(tabs)
        case .field(var field):
            field.label = translated(field.label)
            field.error = translated(field.error)
            field.placeholder = translated(field.placeholder)
            return .field(field)
        case .picker(var picker):
            picker.label = translated(picker.label)
            picker.error = translated(picker.error)
            picker.placeholder = translated(picker.placeholder)
            for index in picker.options.indices { picker.options[index].label = translated(picker.options[index].label) }
            return .picker(picker)
        case .toggle(var toggle):
            toggle.label = translated(toggle.label)
            return .toggle(toggle)
        case .button(var button):
            button.title = translated(button.title)
            button.accessibilityLabel = translated(button.accessibilityLabel)
            button.busyTitle = translated(button.busyTitle)
            return .button(button)
        case .link(var link):
            link.title = translated(link.title)
            return .link(link)
        case .progress(var progress):
            progress.label = translated(progress.label)
            return .progress(progress)
        case .message(var message):
            message.text = translated(message.text)
            return .message(message)
        case .map(var map):
            map.title = translated(map.title)
            for index in map.markers.indices { map.markers[index].title = translated(map.markers[index].title) }
            return .map(map)
        case .animation(var animation):
            animation.label = translated(animation.label)
            return .animation(animation)
        case .money(var money):
            if isPseudo {
                money.shown = PseudoLanguage.data(money.formatted)
                return .money(money)
            }
            guard let formats else { return node }
            money.shown = formats.money(money)
            return .money(money)
        }
    }
}
