import AtriumLocalization
import AtriumRendering
import Foundation

/// What is wrong with a module's catalog, for the check `.ci/run` makes: a key a language lacks
/// that another has, a form whose placeholders (the data it takes) differ from its key's, and a
/// plural entry without the forms its language's numbers need; and whether a key is used. Only the
/// tests use it, so it lives with them, not in the host.
enum CatalogCheck {
    /// Every problem of `catalog` (named `module` in the messages), sorted; none when it is sound.
    static func problems(of catalog: StringCatalog, module: String) -> [String] {
        var problems: [String] = []
        let languages = self.languages(of: catalog).filter { $0 != catalog.sourceLanguage }
        for (key, forms) in catalog.entries {
            let expected = Placeholders.signature(of: key)
            for language in languages where forms[language] == nil {
                problems.append("\(module): \"\(key)\" has no \(language) translation")
            }
            for (language, entry) in forms {
                switch entry {
                case .single(let form):
                    if Placeholders.signature(of: form) != expected {
                        problems.append("\(module): \"\(key)\" in \(language) takes other data than its key: \"\(form)\"")
                    }
                case .plural(let byCategory):
                    for (category, form) in byCategory where Placeholders.signature(of: form) != expected {
                        // A form for exactly one thing may leave its number out ("one vehicle").
                        let withoutNumbers = expected.filter { !$0.isNumber }
                        if category == .one, Placeholders.signature(of: form).filter({ !$0.isNumber }) == withoutNumbers { continue }
                        problems.append("\(module): \"\(key)\" in \(language) (\(category.rawValue)) takes other data than its key: \"\(form)\"")
                    }
                    for needed in neededCategories(language) where byCategory[needed] == nil {
                        problems.append("\(module): \"\(key)\" in \(language) has no '\(needed.rawValue)' form")
                    }
                }
            }
        }
        return problems.sorted()
    }

    /// Whether a string literal in `source` (Swift) writes `key`: its words as they are, a `%%` as
    /// `%`, and any interpolation where the key has a placeholder. A key written over several
    /// literals (concatenated, or a multi-line string) is not found, and shows as unused.
    static func isUsed(_ key: String, in source: String) -> Bool {
        var pattern = "\""
        var rest = Substring(key)
        while !rest.isEmpty {
            if rest.hasPrefix("%%") {
                pattern += "%"
                rest = rest.dropFirst(2)
            } else if let placeholder = ["%@", "%lld"].first(where: { rest.hasPrefix($0) }) {
                pattern += #"\\\(.+?\)"#
                rest = rest.dropFirst(placeholder.count)
            } else {
                pattern += NSRegularExpression.escapedPattern(for: String(rest.removeFirst()))
            }
        }
        pattern += "\""
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
        return expression.firstMatch(in: source, range: NSRange(source.startIndex..., in: source)) != nil
    }

    /// The languages any key of `catalog` is translated into, its source language first.
    static func languages(of catalog: StringCatalog) -> [String] {
        let others = Set(catalog.entries.values.flatMap(\.keys)).subtracting([catalog.sourceLanguage]).sorted()
        return [catalog.sourceLanguage] + others
    }

    /// The categories whole numbers fall into in `language`, found by asking its rule.
    static func neededCategories(_ language: String) -> [PluralCategory] {
        let samples = [0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1_000_000]
        return PluralCategory.allCases.filter { category in samples.contains { PluralCategory($0, language: language) == category } }
    }
}
