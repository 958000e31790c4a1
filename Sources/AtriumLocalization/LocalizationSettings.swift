import AtriumSDK

/// `localization.default`, `localization.languages`: the languages the host offers its visitors
/// and the one it answers in when a visitor's client asks for none of them.
package struct LocalizationSettings: ModuleConfiguration, Equatable {
    /// The language of a visitor whose client names none the host offers (a BCP 47 tag).
    package var `default` = "en"
    /// The languages offered, as BCP 47 tags (`en`, `es`, `pt-BR`); `en-XA` is the pseudo-language
    /// for testing, offered only when listed. A word a module has not translated into one shows in
    /// English.
    package var languages = ["en"]

    package static let settingDescriptions = [
        "default": "The language of a visitor whose client asks for none the host offers (a BCP 47 tag such as en)",
        "languages": "The languages offered to visitors, as BCP 47 tags (en, es, pt-BR; en-XA is the pseudo-language for testing)",
    ]

    package init() {}

    package func problems() -> [SettingProblem] {
        var problems: [SettingProblem] = []
        if languages.isEmpty {
            problems.append(SettingProblem(key: "languages", message: "is empty", fix: "list at least the default language, such as [en]"))
        }
        for language in languages where !Self.isTag(language) {
            problems.append(
                SettingProblem(key: "languages", message: "'\(language)' is not a language tag", fix: "write tags such as en, es or pt-BR"))
        }
        let lowercased = languages.map { $0.lowercased() }
        if Set(lowercased).count != lowercased.count {
            problems.append(SettingProblem(key: "languages", message: "lists a language twice", fix: "list each language once"))
        }
        if !Self.isTag(`default`) {
            problems.append(SettingProblem(key: "default", message: "'\(`default`)' is not a language tag", fix: "write a tag such as en"))
        } else if !languages.isEmpty, !lowercased.contains(`default`.lowercased()) {
            problems.append(
                SettingProblem(
                    key: "default", message: "'\(`default`)' is not one of the languages offered (\(languages.joined(separator: ", ")))",
                    fix: "add it to localization.languages, or choose one of those"))
        }
        return problems
    }

    /// Whether `text` is a language tag: a primary subtag of two or three letters, then subtags
    /// of two to eight letters or digits, joined by `-`.
    static func isTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = parts.first, (2...3).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}
