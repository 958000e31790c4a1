import AtriumCatalog
import AtriumHTTP
import AtriumLocalization
import AtriumSDK
import Foundation
import Testing

@testable import AtriumRendering

/// The check `.ci/run` makes of every module's translations, and that it finds what it should.
@Suite struct TranslationCatalogTests {
    /// The folder of the package's modules, from this file's place in the source tree.
    static let modulesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Modules")

    /// The catalog file in `folder`'s `Resources`, read as it is.
    static func catalogFile(in sources: URL) throws -> StringCatalog {
        let file = sources.appending(path: "Resources/Localizable.xcstrings")
        return try StringCatalog(data: try Data(contentsOf: file), name: file.path)
    }

    /// `catalog`'s keys that have a form.
    static func translated(_ catalog: StringCatalog) -> [String: [String: StringCatalog.Forms]] {
        catalog.entries.filter { !$0.value.isEmpty }
    }

    @Test func everyModulesCatalogIsCompleteAndEveryKeyIsUsed() throws {
        var checked = 0
        for (module, folder) in zip(AtriumCatalog.modules, AtriumCatalog.folders) {
            guard let translations = module.translations else { continue }
            let catalog = try Self.catalogFile(in: Self.modulesFolder.appending(path: "\(folder)/Sources"))
            // What the module was built with is its catalog file, every form of it.
            let compiled = try StringCatalog(translations, name: folder)
            #expect(compiled.entries == Self.translated(catalog), "\(folder): the compiled translations are not its catalog's")
            #expect(!catalog.entries.isEmpty, "\(module.manifest.id) names translations but its catalog has no keys")
            #expect(CatalogCheck.problems(of: catalog, module: module.manifest.id) == [])
            let sources = try Self.swiftSources(in: Self.modulesFolder.appending(path: "\(folder)/Sources"))
            #expect(!sources.isEmpty)
            let unused = catalog.entries.keys.filter { !CatalogCheck.isUsed($0, in: sources) }.sorted()
            #expect(unused == [], "\(module.manifest.id): keys no literal of its sources writes (remove them, or mark them stale)")
            checked += 1
        }
        #expect(checked >= 1, "no module has translations to check")
    }

    /// The host's own words (standard screens, the page's landmarks): Spanish for each, each
    /// written by a literal somewhere in the host's sources.
    @Test func theHostsCatalogIsCompleteAndEveryKeyIsUsed() throws {
        let catalog = try Self.catalogFile(in: Self.modulesFolder.deletingLastPathComponent().appending(path: "Sources/AtriumLocalization"))
        #expect(try Translations.hostCatalog().entries == Self.translated(catalog), "the host was built with another catalog than its file")
        #expect(catalog.entries.count >= 30)
        #expect(CatalogCheck.problems(of: catalog, module: "host") == [])
        let sources = try Self.swiftSources(in: Self.modulesFolder.deletingLastPathComponent().appending(path: "Sources"))
        let unused = catalog.entries.keys.filter { !CatalogCheck.isUsed($0, in: sources) }.sorted()
        #expect(unused == [], "host: keys no literal of its sources writes")
        #expect(catalog.entries.values.allSatisfy { $0["es"] != nil }, "every host word in Spanish")
    }

    @Test func aKeyIsUsedWhenALiteralWritesItWithAnyInterpolation() {
        let source = #"""
            .heading(Heading("Welcome \(confirmation.name)!")),
            .text(Text("\(count) vehicles near \(station.name) at 100% speed")),
            """#
        #expect(CatalogCheck.isUsed("Welcome %@!", in: source))
        #expect(CatalogCheck.isUsed("%lld vehicles near %@ at 100%% speed", in: source))
        #expect(!CatalogCheck.isUsed("Welcome!", in: source))
        #expect(!CatalogCheck.isUsed("Goodbye %@!", in: source))
    }

    static func swiftSources(in folder: URL) throws -> String {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return "" }
        return try files.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    @Test func findsAMissingLanguageDisagreeingDataAndMissingPluralForms() {
        let catalog = StringCatalog(
            sourceLanguage: "en",
            entries: [
                "Welcome %@!": ["es": .single("¡Hola!"), "fr": .single("Bienvenue %@ !")],
                "Hello": ["fr": .single("Bonjour")],
                "%lld vehicles": [
                    "es": .plural([.one: "un vehículo", .other: "%lld vehículos"]),
                    "fr": .plural([.one: "%lld véhicule", .many: "%lld de véhicules", .other: "%lld véhicules"]),
                ],
            ])
        #expect(
            CatalogCheck.problems(of: catalog, module: "demo") == [
                "demo: \"%lld vehicles\" in es has no 'many' form",
                "demo: \"Hello\" has no es translation",
                "demo: \"Welcome %@!\" in es takes other data than its key: \"¡Hola!\"",
            ])
    }
}
