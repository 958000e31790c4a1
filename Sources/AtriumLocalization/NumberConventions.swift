/// How a language writes a whole number: its grouping separator, and from how many digits it
/// groups at all (CLDR's `minimumGroupingDigits`: Spanish writes 1234 but 12.345).
package struct NumberConventions: Sendable, Equatable {
    package let groupingSeparator: String
    /// The fewest digits before the first separator: with 2, four-digit numbers are not grouped.
    package let minimumGroupingDigits: Int

    /// The conventions of `language` (its primary subtag chooses them; English's by default).
    package init(language: String) {
        switch PluralCategory.primary(language) {
        case "es": (groupingSeparator, minimumGroupingDigits) = (".", 2)
        case "pl": (groupingSeparator, minimumGroupingDigits) = ("\u{A0}", 2)
        case "de", "it", "nl", "da", "id", "pt": (groupingSeparator, minimumGroupingDigits) = (".", 1)
        case "fr", "ru", "uk", "cs", "sv", "fi", "nb": (groupingSeparator, minimumGroupingDigits) = ("\u{202F}", 1)
        default: (groupingSeparator, minimumGroupingDigits) = (",", 1)
        }
    }

    /// `number` as the language writes it.
    package func text(of number: Int) -> String {
        let digits = String(number.magnitude)
        let sign = number < 0 ? "-" : ""
        guard digits.count >= 4 + minimumGroupingDigits - 1 else { return sign + digits }
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped += groupingSeparator }
            grouped.append(digit)
        }
        return sign + grouped
    }
}
