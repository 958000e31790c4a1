import Foundation

/// A String Catalog (`Localizable.xcstrings`): the JSON format Xcode writes and translation
/// services (Crowdin, Lokalise, Phrase, Weblate) read and write, so a module's iOS app and its
/// Atrium module can share one file. SwiftPM on Linux does not compile catalogs; this reads one:
/// each key (the source wording, `%@` for text and `%lld` for a whole number) with, per language,
/// one form or its plural forms by CLDR category. Keys marked `stale` (no longer in the source, as
/// Xcode marks them) are left out. `StringCatalogCompiler` reads a module's catalog with it when
/// the module is built; the host reads none when it starts.
package struct StringCatalogFile: Sendable {
    /// One form of one key in one language; `category` is nil for a key's only form.
    package struct Form: Sendable, Equatable {
        package let key: String
        package let language: String
        package let category: String?
        package let text: String
    }

    /// The CLDR plural categories a form may be written for.
    package static let pluralCategories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    /// The language the keys are written in (`en`).
    package let sourceLanguage: String
    /// Every key kept, sorted, those with no form in the languages read too.
    package let keys: [String]
    /// Every form kept, keys in sorted order (a catalog's order is its JSON's, which a decoder
    /// need not keep), then languages, then categories.
    package let forms: [Form]

    /// What `data` (a `.xcstrings` file's bytes) says; `name` names it in errors. With
    /// `languages`, only their forms and the source language's are read (the others are neither
    /// decoded nor checked).
    package init(data: Data, name: String, languages: Set<String>? = nil) throws(StringCatalogFileError) {
        let file: CatalogJSON
        do {
            let decoder = JSONDecoder()
            if let languages { decoder.userInfo[CatalogJSON.languages] = languages }
            file = try decoder.decode(CatalogJSON.self, from: data)
        } catch {
            throw StringCatalogFileError("\(name) is not a String Catalog: \(Self.reason(error))")
        }
        var forms: [Form] = []
        var keys: [String] = []
        for (key, entry) in file.strings.sorted(by: { $0.key < $1.key }) where entry.extractionState != "stale" {
            keys.append(key)
            for (language, localization) in (entry.localizations ?? [:]).sorted(by: { $0.key < $1.key }) {
                if let plural = localization.variations?.plural {
                    for category in plural.keys where !Self.pluralCategories.contains(category) {
                        throw StringCatalogFileError("\(name): \"\(key)\" in \(language) has a plural form '\(category)', which CLDR does not name")
                    }
                    guard plural["other"] != nil else {
                        throw StringCatalogFileError("\(name): \"\(key)\" in \(language) has plural forms but no 'other'")
                    }
                    for (category, variation) in plural.sorted(by: { $0.key < $1.key }) {
                        forms.append(Form(key: key, language: language, category: category, text: variation.stringUnit.value))
                    }
                } else if let unit = localization.stringUnit {
                    forms.append(Form(key: key, language: language, category: nil, text: unit.value))
                }
            }
        }
        sourceLanguage = file.sourceLanguage
        self.keys = keys
        self.forms = forms
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
