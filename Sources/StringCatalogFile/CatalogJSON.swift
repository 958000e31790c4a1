import Foundation

/// The parts of a `.xcstrings` file Atrium reads.
struct CatalogJSON: Decodable {
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
