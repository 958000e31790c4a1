import Foundation

/// A module's translations, read from a String Catalog (`Localizable.xcstrings`): the JSON format
/// Xcode writes and translation services (Crowdin, Lokalise, Phrase, Weblate) read and write, so a
/// module's iOS app and its Atrium module can share one file. SwiftPM on Linux does not compile
/// catalogs, so the host reads the JSON itself, once at boot: each key (the source wording, `%@`
/// for text and `%lld` for a whole number) with, per language, one form or its plural forms by
/// CLDR category. Keys marked `stale` (no longer in the source, as Xcode marks them) are kept out.
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

    /// What `data` (a `.xcstrings` file's bytes) says; `name` names it in errors. With
    /// `languages`, only their forms and the source language's are read (the others are neither
    /// decoded nor checked): a host reads only what it offers, which took its six catalogs' reading
    /// at boot from about 1.9 ms to 1.0 when it offers English alone. The catalog check reads all.
    package init(data: Data, name: String, languages: Set<String>? = nil) throws(LocalizationError) {
        let file: CatalogFile
        do {
            let decoder = JSONDecoder()
            if let languages { decoder.userInfo[CatalogFile.languages] = languages }
            file = try decoder.decode(CatalogFile.self, from: data)
        } catch {
            throw LocalizationError("\(name) is not a String Catalog: \(Self.reason(error))")
        }
        var entries: [String: [String: Forms]] = [:]
        for (key, string) in file.strings where string.extractionState != "stale" {
            var languages: [String: Forms] = [:]
            for (language, localization) in string.localizations ?? [:] {
                if let plural = localization.variations?.plural {
                    var forms: [PluralCategory: String] = [:]
                    for (form, variation) in plural {
                        guard let category = PluralCategory(rawValue: form) else {
                            throw LocalizationError("\(name): \"\(key)\" in \(language) has a plural form '\(form)', which CLDR does not name")
                        }
                        forms[category] = variation.stringUnit.value
                    }
                    guard forms[.other] != nil else {
                        throw LocalizationError("\(name): \"\(key)\" in \(language) has plural forms but no 'other'")
                    }
                    languages[language] = .plural(forms)
                } else if let unit = localization.stringUnit {
                    languages[language] = .single(unit.value)
                }
            }
            entries[key] = languages
        }
        self.init(sourceLanguage: file.sourceLanguage, entries: entries)
    }

    /// The catalog in `bundle`'s resources (`Localizable.xcstrings`, copied with the module's
    /// `Resources` folder), or an empty one when it has none; with `languages`, only theirs and
    /// the source language's forms (see ``init(data:name:languages:)``).
    package init(bundle: Bundle, sourceLanguage: String = "en", languages: Set<String>? = nil) throws(LocalizationError) {
        guard
            let url = bundle.url(forResource: "Localizable", withExtension: "xcstrings")
                ?? bundle.url(forResource: "Localizable", withExtension: "xcstrings", subdirectory: "Resources")
        else {
            self.init(sourceLanguage: sourceLanguage, entries: [:])
            return
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LocalizationError("\(url.path) could not be read: \(error.localizedDescription)")
        }
        try self.init(data: data, name: url.lastPathComponent, languages: languages)
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "'\(key.stringValue)' is missing at \(path(context))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.debugDescription) at \(path(context))"
        case DecodingError.dataCorrupted(let context):
            context.debugDescription
        default:
            "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "the top" : context.codingPath.map(\.stringValue).joined(separator: ".")
    }
}

/// The parts of a `.xcstrings` file the host reads.
private struct CatalogFile: Decodable {
    struct Unit: Decodable {
        let value: String
    }
    struct Variation: Decodable {
        let stringUnit: Unit
    }
    struct Variations: Decodable {
        let plural: [String: Variation]?
    }
    struct Localization: Decodable {
        let stringUnit: Unit?
        let variations: Variations?
    }
    struct Entry {
        let extractionState: String?
        let localizations: [String: Localization]?
    }
    let sourceLanguage: String
    let strings: [String: Entry]

    /// The languages to read (a `Set<String>`; absent: all), besides the source language.
    static let languages = CodingUserInfoKey(rawValue: "atrium.catalog.languages")!

    private enum Keys: String, CodingKey { case sourceLanguage, strings, extractionState, localizations }

    /// A key or a language: the names the file chooses.
    private struct Name: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let file = try decoder.container(keyedBy: Keys.self)
        sourceLanguage = try file.decode(String.self, forKey: .sourceLanguage)
        var read = decoder.userInfo[Self.languages] as? Set<String>
        read?.insert(sourceLanguage)
        let keys = try file.nestedContainer(keyedBy: Name.self, forKey: .strings)
        // The decoder lists a container's keys anew each time they are asked for.
        let names = keys.allKeys
        var strings: [String: Entry] = [:]
        strings.reserveCapacity(names.count)
        for key in names {
            let entry = try keys.nestedContainer(keyedBy: Keys.self, forKey: key)
            var localizations: [String: Localization]?
            if entry.contains(.localizations), try !entry.decodeNil(forKey: .localizations) {
                let byLanguage = try entry.nestedContainer(keyedBy: Name.self, forKey: .localizations)
                var kept: [String: Localization] = [:]
                for language in byLanguage.allKeys where read?.contains(language.stringValue) ?? true {
                    kept[language.stringValue] = try byLanguage.decode(Localization.self, forKey: language)
                }
                localizations = kept
            }
            strings[key.stringValue] = Entry(
                extractionState: try entry.decodeIfPresent(String.self, forKey: .extractionState), localizations: localizations)
        }
        self.strings = strings
    }
}
