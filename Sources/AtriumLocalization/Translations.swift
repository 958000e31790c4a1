@_spi(AtriumHost) import AtriumSDK
import AtriumSupport
import Foundation

/// The languages this host offers and every module's translators into them, made once at boot
/// from the modules' catalogs (``StringCatalog``); and the language of each request: the
/// visitor's choice (the `atrium_language` cookie, taken only when it names an offered language),
/// else the best offered match of `Accept-Language` by its `q` values (`es-MX` matches an offered
/// `es`), else `localization.default`. A host offering one language never looks.
package final class Translations: SceneWords {
    /// The languages offered, as configured.
    package let offered: [String]
    /// The language of a visitor whose client asks for none of them.
    package let defaultLanguage: String
    /// Each module's translator into each offered language, its catalog completed by the host's
    /// (the standard screens' words inside its pages); the host's own pages' under ``hostModule``.
    private let translators: [String: [String: Translator]]
    /// The negotiated language of each `Accept-Language` header seen lately (a client sends the same one every time).
    private let negotiated = RecentValues<String>(limit: 1024, longestKey: 256)

    /// Where the host's own pages' translators are kept: the host's words and every module's, for
    /// the home page's cards and the navigation name scenes.
    static let hostModule = ""

    /// The cookie that keeps a visitor's choice.
    package static let cookieName = "atrium_language"

    /// One language, the source's, and no translation: what a host is without `localization`.
    package static let sourceOnly = Translations(offered: ["en"], defaultLanguage: "en", translators: [:])

    private init(offered: [String], defaultLanguage: String, translators: [String: [String: Translator]]) {
        self.offered = offered
        self.defaultLanguage = defaultLanguage
        self.translators = translators
    }

    /// The host's own words' catalog (`Resources/Localizable.xcstrings` of this target, compiled
    /// when it was built).
    package static func hostCatalog(languages: Set<String>? = nil) throws(LocalizationError) -> StringCatalog {
        try StringCatalog(Localizable.translations, name: "the host's translations", languages: languages)
    }

    /// The host's catalog and every module's in `modules` (module id to its compiled
    /// translations), only the offered languages' words kept. A language the catalogs have no
    /// words for (the source language, when no key has its own forms in it) gets no translator:
    /// its pages are shown as written.
    package convenience init(settings: LocalizationSettings, modules: [String: ModuleTranslations]) throws(LocalizationError) {
        let offered = Set(settings.languages)
        var catalogs: [String: StringCatalog] = [:]
        for (module, translations) in modules {
            catalogs[module] = try StringCatalog(translations, name: "module \(module)'s translations", languages: offered)
        }
        self.init(settings: settings, host: try Self.hostCatalog(languages: offered), modules: catalogs)
    }

    private convenience init(settings: LocalizationSettings, host: StringCatalog, modules: [String: StringCatalog]) {
        var translators: [String: [String: Translator]] = [:]
        var everyWord = host
        for (module, own) in modules.sorted(by: { $0.key < $1.key }) {
            everyWord = everyWord.adding(own)
            translators[module] = Self.translators(of: own.adding(host), into: settings.languages)
        }
        translators[Self.hostModule] = Self.translators(of: everyWord, into: settings.languages)
        self.init(offered: settings.languages, defaultLanguage: settings.default, translators: translators)
    }

    private static func translators(of catalog: StringCatalog, into languages: [String]) -> [String: Translator] {
        var translators: [String: Translator] = [:]
        for language in languages {
            // The pseudo-language transforms every word; another language needs words of its own.
            let hasWords = PseudoLanguage.isPseudo(language) || catalog.entries.values.contains { $0[language] != nil }
            if hasWords { translators[language] = Translator(language: language, catalog: catalog) }
        }
        return translators
    }

    /// Whether visitors can be answered in more than one language: then each request's language is
    /// worked out, and pages vary with it.
    package var isMultilingual: Bool { offered.count > 1 }

    /// The translator of `module`'s words (nil: the host's own pages) into `language`: nil when
    /// they are shown as written.
    package func translator(module: String?, language: String) -> Translator? {
        translators[module ?? Self.hostModule]?[language]
    }

    /// `wording` of `module` in `language` (as written when it has no translation there).
    package func text(of wording: Wording, module: String, language: String) -> String {
        translator(module: module, language: language)?.text(wording) ?? wording.text
    }

    /// The language a request asks for, among those offered: the one its language cookie
    /// (``cookieName``) names, else the best of its `Accept-Language`.
    package func language(cookie chosen: String?, acceptLanguage accepted: String?) -> String {
        guard isMultilingual else { return defaultLanguage }
        if let chosen, let offered = offeredTag(chosen) { return offered }
        guard let accepted else { return defaultLanguage }
        return negotiated.value(of: accepted) { negotiate($0) }
    }

    /// The offered tag `tag` names (compared without case), if any.
    package func offeredTag(_ tag: some StringProtocol) -> String? {
        offered.first { $0.compare(tag, options: .caseInsensitive) == .orderedSame }
    }

    /// The best offered language of an `Accept-Language` header: its ranges by `q` (highest first,
    /// in order among equals; `q=0` means not wanted), each matched exactly, then by its primary
    /// subtag (`es-MX` takes `es`); `*` takes the default.
    func negotiate(_ header: String) -> String {
        var ranges: [(tag: Substring, q: Double, order: Int)] = []
        for (order, part) in header.split(separator: ",").prefix(32).enumerated() {
            let pieces = part.split(separator: ";")
            guard let tag = pieces.first?.trimmingCharacters(in: .whitespaces), !tag.isEmpty else { continue }
            var q = 1.0
            for parameter in pieces.dropFirst() {
                let pair = parameter.trimmingCharacters(in: .whitespaces)
                if pair.hasPrefix("q=") || pair.hasPrefix("Q=") { q = Double(pair.dropFirst(2)) ?? 0 }
            }
            if q > 0 && q <= 1 { ranges.append((Substring(tag), q, order)) }
        }
        ranges.sort { $0.q != $1.q ? $0.q > $1.q : $0.order < $1.order }
        for range in ranges {
            if range.tag == "*" { return defaultLanguage }
            if let exact = offeredTag(range.tag) { return exact }
            let primary = PluralCategory.primary(String(range.tag))
            if let sameLanguage = offered.first(where: { !PseudoLanguage.isPseudo($0) && PluralCategory.primary($0) == primary }) {
                return sameLanguage
            }
        }
        return defaultLanguage
    }
}
