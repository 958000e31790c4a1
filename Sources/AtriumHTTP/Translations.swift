import AtriumObservability
import AtriumRendering
import AtriumRuntime
import Foundation
import HTTPTypes

/// The languages this host offers and every module's translators into them, made once at boot
/// from the modules' catalogs (``StringCatalog``); and the language of each request: the
/// visitor's choice (the `atrium_language` cookie, taken only when it names an offered language),
/// else the best offered match of `Accept-Language` by its `q` values (`es-MX` matches an offered
/// `es`), else `localization.default`. A host offering one language never looks.
package final class Translations: Sendable {
    /// The languages offered, as configured.
    package let offered: [String]
    /// The language of a visitor whose client asks for none of them.
    package let defaultLanguage: String
    /// Each module's translator into each offered language it has words for other than its own;
    /// none for a module without a catalog (its words are shown as written) or the host's own pages.
    private let translators: [String: [String: Translator]]
    /// The negotiated language of each `Accept-Language` header seen lately (a client sends the same one every time).
    private let negotiated = RecentValues<String>(limit: 1024, longestKey: 256)

    /// The cookie that keeps a visitor's choice.
    package static let cookieName = "atrium_language"

    /// One language, the source's, and no translation: what a host is without `localization`.
    package static let sourceOnly = Translations(offered: ["en"], defaultLanguage: "en", translators: [:])

    private init(offered: [String], defaultLanguage: String, translators: [String: [String: Translator]]) {
        self.offered = offered
        self.defaultLanguage = defaultLanguage
        self.translators = translators
    }

    /// Reads every module's catalog in `bundles` (module id to the bundle its `translations` names).
    package convenience init(settings: LocalizationSettings, bundles: [String: Bundle]) throws(LocalizationError) {
        var translators: [String: [String: Translator]] = [:]
        for (module, bundle) in bundles {
            let catalog = try StringCatalog(bundle: bundle)
            for language in settings.languages where !catalog.entries.isEmpty {
                translators[module, default: [:]][language] = Translator(language: language, catalog: catalog)
            }
        }
        self.init(offered: settings.languages, defaultLanguage: settings.default, translators: translators)
    }

    /// Whether visitors can be answered in more than one language: then each request's language is
    /// worked out, and pages vary with it.
    package var isMultilingual: Bool { offered.count > 1 }

    /// The translator of `module`'s words into `language`: nil when they are shown as written.
    package func translator(module: String?, language: String) -> Translator? {
        guard let module, let translator = translators[module]?[language] else { return nil }
        return translator
    }

    /// The language `fields` (a request's headers) ask for, among those offered.
    package func language(of fields: HTTPFields) -> String {
        guard isMultilingual else { return defaultLanguage }
        if let chosen = RequestCookie.value(named: Self.cookieName, in: fields), let offered = offeredTag(chosen) { return offered }
        guard let accepted = fields[.acceptLanguage] else { return defaultLanguage }
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
