import AtriumRendering
import AtriumSDK

extension Screen {
    /// The screen as a visitor in `language` sees it: its wording put into that language from
    /// `module`'s translations (`AtriumModule.translations`), its data as it is. The
    /// pseudo-language `en-XA` marks every translated word, so a test can find words that are not.
    public func translated<Module: AtriumModule>(into language: String, by module: Module.Type) throws -> Screen {
        try TestTranslators.translator(of: module, into: language).translated(self)
    }
}
