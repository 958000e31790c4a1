import AtriumLocalization
import AtriumRendering
@_spi(AtriumHost) import AtriumSDK
import Foundation
import Synchronization
import Testing

/// Each module's translator into each language, read from its catalog once per test process (a
/// suite translates many screens).
enum TestTranslators {
    private static let made = Mutex<[String: Translator]>([:])

    static func translator(of module: any AtriumModule.Type, into language: String) throws -> Translator {
        let key = "\(ObjectIdentifier(module).hashValue) \(module) \(language)"
        if let known = made.withLock({ $0[key] }) { return known }
        let catalog =
            try module.translations.map { try StringCatalog($0, name: "\(module)'s translations") }
            ?? StringCatalog(sourceLanguage: "en", entries: [:])
        let translator = Translator(language: language, catalog: catalog)
        made.withLock { $0[key] = translator }
        return translator
    }
}

/// A scene context's words in one language, from one module's catalog (a catalog that cannot be
/// read fails the test, and the words are shown as written).
struct TestSceneWords: SceneWords {
    let module: any AtriumModule.Type
    let language: String

    func text(of wording: Wording, module moduleID: String, language _: String) -> String {
        do {
            return try TestTranslators.translator(of: module, into: language).text(wording)
        } catch {
            Issue.record("\(module)'s catalog cannot be read: \(error)")
            return wording.text
        }
    }
}
