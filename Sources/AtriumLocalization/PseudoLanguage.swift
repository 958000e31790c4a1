/// The pseudo-language for testing, `en-XA`: the source words with accented letters and about 35 %
/// longer, between brackets (`[Ŵéļçöɱé, %@!·····]`). A page in it shows at a glance which words
/// were never looked up (plain English, hard-coded somewhere) and which layout cannot take longer
/// words. Data stays as it is, between white brackets where a node shows it as its words
/// (`⟦Caesar salad⟧`), so a check can tell the three apart: any letter outside both was written
/// where no wording goes. Offered to visitors only when `localization.languages` lists it.
package enum PseudoLanguage {
    /// Its tag.
    package static let tag = "en-XA"

    /// Whether `language` is the pseudo-language.
    package static func isPseudo(_ language: String) -> Bool {
        language.caseInsensitiveCompare(tag) == .orderedSame
    }

    /// Data shown where wording goes, marked as data: `⟦Caesar salad⟧`.
    package static func data(_ text: String) -> String { "⟦" + text + "⟧" }

    /// `template` (a form with placeholders) in the pseudo-language: letters outside its
    /// placeholders accented, padded and bracketed.
    package static func transform(_ template: String) -> String {
        var result = "["
        var letters = 0
        var inPlaceholder = false
        for character in template {
            if inPlaceholder {
                result.append(character)
                // A placeholder ends at its conversion: `@`, `d`, or `%` (an escaped percent sign).
                if character == "@" || character == "d" || character == "%" { inPlaceholder = false }
                continue
            }
            if character == "%" {
                inPlaceholder = true
                result.append(character)
                continue
            }
            if character.isLetter { letters += 1 }
            result.append(accented[character] ?? character)
        }
        result += String(repeating: "·", count: max(1, (letters * 35 + 99) / 100))
        return result + "]"
    }

    private static let accented: [Character: Character] = [
        "a": "á", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "í", "j": "ĵ", "k": "ķ", "l": "ļ",
        "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "r": "ŕ", "s": "š", "t": "ţ", "u": "û", "w": "ŵ", "y": "ý", "z": "ž",
        "A": "Á", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "G": "Ĝ", "H": "Ĥ", "I": "Í", "J": "Ĵ", "K": "Ķ", "L": "Ļ", "N": "Ñ",
        "O": "Ö", "R": "Ŕ", "S": "Š", "T": "Ţ", "U": "Û", "W": "Ŵ", "Y": "Ý", "Z": "Ž",
    ]
}
