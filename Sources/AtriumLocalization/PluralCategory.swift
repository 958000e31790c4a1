/// A CLDR plural category: which form of the words a number takes in a language. English has
/// `one` and `other` ("1 vehicle", "2 vehicles"); Spanish adds `many` for millions ("1 millón de
/// vehículos"); others use `zero`, `two` and `few`. The rules here are CLDR's for whole numbers.
package enum PluralCategory: String, Sendable, CaseIterable, Hashable {
    case zero, one, two, few, many, other

    /// The category of the whole number `number` in `language` (a BCP 47 tag; its primary
    /// subtag chooses the rule). A language without a rule here uses `other` for every number but 1.
    package init(_ number: Int, language: String) {
        let n = number.magnitude
        switch Self.primary(language) {
        case "ja", "zh", "ko", "th", "vi", "id", "ms":
            self = .other
        case "fr", "pt":
            self = n <= 1 ? .one : (n != 0 && n % 1_000_000 == 0 ? .many : .other)
        case "es", "it", "ca":
            self = n == 1 ? .one : (n != 0 && n % 1_000_000 == 0 ? .many : .other)
        case "pl":
            let (ten, hundred) = (n % 10, n % 100)
            if n == 1 {
                self = .one
            } else if (2...4).contains(ten) && !(12...14).contains(hundred) {
                self = .few
            } else {
                self = .many
            }
        case "ru", "uk":
            let (ten, hundred) = (n % 10, n % 100)
            if ten == 1 && hundred != 11 {
                self = .one
            } else if (2...4).contains(ten) && !(12...14).contains(hundred) {
                self = .few
            } else {
                self = .many
            }
        default:
            self = n == 1 ? .one : .other
        }
    }

    /// The primary subtag of `language`, lowercased: `es` of `es-MX`.
    package static func primary(_ language: String) -> Substring {
        let tag = language.split(separator: "-", maxSplits: 1).first ?? Substring(language)
        return tag.allSatisfy(\.isLowercase) ? tag : Substring(tag.lowercased())
    }
}
