import AtriumSDK
import Foundation
import StringCatalogFile

/// A module's translations as the host uses them: each key (the source wording, `%@` for text and
/// `%lld` for a whole number) with, per language, one form or its plural forms by CLDR category.
/// Made at boot from each module's ``ModuleTranslations`` (its String Catalog, compiled when it
/// was built), or from a catalog file's bytes (tests, the catalog check).
package struct StringCatalog: Sendable, Equatable {
    /// The forms of one key in one language.
    package enum Forms: Sendable, Equatable {
        /// One form, whatever the numbers.
        case single(String)
        /// A form per plural category, chosen by the key's first whole number (`other` must be there).
        case plural([PluralCategory: String])
    }

    /// The language the keys are written in (`en`).
    package let sourceLanguage: String
    /// Each key's forms per language.
    package let entries: [String: [String: Forms]]

    package init(sourceLanguage: String, entries: [String: [String: Forms]]) {
        self.sourceLanguage = sourceLanguage
        self.entries = entries
    }

    /// This catalog with `fallback`'s keys it lacks: a module's words first, then the host's own
    /// (its standard screens' words, shown inside a module's pages).
    package func adding(_ fallback: StringCatalog) -> StringCatalog {
        StringCatalog(sourceLanguage: sourceLanguage, entries: entries.merging(fallback.entries) { own, _ in own })
    }

    /// A module's compiled translations (see ``ModuleTranslations``), `name` naming them in errors:
    /// with `languages`, only their forms and the source language's (a host keeps only what it offers).
    package init(_ translations: ModuleTranslations, name: String, languages: Set<String>? = nil) throws(LocalizationError) {
        try self.init(
            sourceLanguage: translations.sourceLanguage, name: name, languages: languages,
            forms: translations.forms.lazy.map { ($0.key, $0.language, $0.category, $0.text) })
    }

    /// What `data` (a `.xcstrings` file's bytes) says (see ``StringCatalogFile``); `name` names it
    /// in errors. With `languages`, only their forms and the source language's are read (the
    /// others are neither decoded nor checked). The catalog check reads all.
    package init(data: Data, name: String, languages: Set<String>? = nil) throws(LocalizationError) {
        let file: StringCatalogFile
        do {
            file = try StringCatalogFile(data: data, name: name, languages: languages)
        } catch {
            throw LocalizationError(error.description)
        }
        try self.init(
            sourceLanguage: file.sourceLanguage, name: name, languages: languages, keys: file.keys,
            forms: file.forms.lazy.map { ($0.key, $0.language, $0.category, $0.text) })
    }

    /// The catalog of `forms` (key, language, plural category or nil, words), those of languages
    /// other than `languages` and the source language left out; `keys` are there even without a form.
    private init(
        sourceLanguage: String, name: String, languages: Set<String>?, keys: [String] = [],
        forms: some Sequence<(key: String, language: String, category: String?, text: String)>
    ) throws(LocalizationError) {
        var entries = Dictionary(keys.lazy.map { ($0, [String: Forms]()) }, uniquingKeysWith: { first, _ in first })
        for (key, language, category, text) in forms where language == sourceLanguage || languages?.contains(language) ?? true {
            guard let category else {
                entries[key, default: [:]][language] = .single(text)
                continue
            }
            guard let plural = PluralCategory(rawValue: category) else {
                throw LocalizationError("\(name): \"\(key)\" in \(language) has a plural form '\(category)', which CLDR does not name")
            }
            var known: [PluralCategory: String] = [:]
            if case .plural(let earlier)? = entries[key]?[language] { known = earlier }
            known[plural] = text
            entries[key, default: [:]][language] = .plural(known)
        }
        for (key, languages) in entries {
            for (language, forms) in languages {
                if case .plural(let plural) = forms, plural[.other] == nil {
                    throw LocalizationError("\(name): \"\(key)\" in \(language) has plural forms but no 'other'")
                }
            }
        }
        self.init(sourceLanguage: sourceLanguage, entries: entries)
    }
}
