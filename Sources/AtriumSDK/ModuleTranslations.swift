/// A module's translations: its String Catalog (`Resources/Localizable.xcstrings`), compiled into
/// the module when it is built.
///
/// The package's `StringCatalogPlugin` (Package.swift applies it to every module with a catalog)
/// reads the catalog, refuses one the host could not use (a plural form CLDR does not name, plural
/// forms without `other`) and writes `Localizable.translations`, which the module returns from
/// ``AtriumModule/translations``. So the host reads no file and decodes no JSON when it starts, and
/// a broken catalog fails the build instead of the start.
public struct ModuleTranslations: Sendable {
    /// One form of one key in one language.
    public struct Form: Sendable, Equatable {
        /// The source wording (`%@` for text, `%lld` for a whole number).
        public let key: String
        /// The language, a BCP 47 tag (`es`, `pt-BR`).
        public let language: String
        /// The CLDR plural category (`one`, `other`…) of a key with plural forms; nil for a key's
        /// only form.
        public let category: String?
        /// The words.
        public let text: String

        /// The form of `key` in `language`: `text`, for the plural `category` (nil: the key's only
        /// form). The plugin writes these; positional, so a catalog's literals stay short.
        public init(_ key: String, _ language: String, _ category: String?, _ text: String) {
            self.key = key
            self.language = language
            self.category = category
            self.text = text
        }
    }

    /// The language the keys are written in (`en`).
    public let sourceLanguage: String
    /// Every form of every key kept (those Xcode marked stale are left out), sorted by key, then
    /// language, then plural category.
    public let forms: [Form]

    /// Translations whose keys are written in `sourceLanguage`, made of `forms` (the host checks
    /// them when it starts: a plural category CLDR does not name, or plural forms without `other`,
    /// stop it with the module's name).
    public init(sourceLanguage: String, forms: [Form]) {
        self.sourceLanguage = sourceLanguage
        self.forms = forms
    }
}
