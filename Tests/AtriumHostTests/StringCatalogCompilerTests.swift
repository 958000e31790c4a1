import AtriumLocalization
import AtriumSDK
import Foundation
import StringCatalogFile
import Testing

@testable import AtriumRendering

/// A String Catalog compiled when its module is built (`StringCatalogPlugin`): the Swift it
/// becomes, the build it stops, and the host's reading of what it became.
@Suite struct StringCatalogCompilerTests {
    /// Words a literal must escape, a stale key, and a key written with an interpolation's marks.
    static let trickyJSON = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Say \"hi\" \\(name)" : {
              "localizations" : { "es" : { "stringUnit" : { "state" : "translated", "value" : "Di «hola»\n\t\\ \u0001" } } }
            },
            "%lld items" : {
              "localizations" : { "es" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld artículo" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld artículos" } }
              } } } }
            },
            "Gone" : { "extractionState" : "stale", "localizations" : { "es" : { "stringUnit" : { "state" : "translated", "value" : "Ido" } } } },
            "Untranslated" : { }
          },
          "version" : "1.0"
        }
        """#

    @Test func everyFormBecomesALiteralAndNothingInterpolates() throws {
        let file = try StringCatalogFile(data: Data(Self.trickyJSON.utf8), name: "Localizable.xcstrings")
        #expect(file.keys == ["%lld items", "Say \"hi\" \\(name)", "Untranslated"])
        let source = file.swiftSource
        #expect(source.contains(#".init("%lld items", "es", "one", "%lld artículo"),"#))
        #expect(source.contains(#".init("%lld items", "es", "other", "%lld artículos"),"#))
        #expect(source.contains(#".init("Say \"hi\" \\(name)", "es", nil, "Di «hola»\n\t\\ \u{1}"),"#))
        #expect(!source.contains("Gone"))
        #expect(source.contains(#"ModuleTranslations(sourceLanguage: "en", forms: forms)"#))
    }

    @Test func aCatalogTheHostCouldNotUseIsRefusedWithWhereAndWhy() {
        let unknown =
            #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"es":{"variations":{"plural":{"several":{"stringUnit":{"value":"x"}},"other":{"stringUnit":{"value":"y"}}}}}}}}}"#
        #expect(throws: StringCatalogFileError("L.xcstrings: \"k\" in es has a plural form 'several', which CLDR does not name")) {
            try StringCatalogFile(data: Data(unknown.utf8), name: "L.xcstrings")
        }
        let noOther =
            #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"es":{"variations":{"plural":{"one":{"stringUnit":{"value":"x"}}}}}}}}}"#
        #expect(throws: StringCatalogFileError("L.xcstrings: \"k\" in es has plural forms but no 'other'")) {
            try StringCatalogFile(data: Data(noOther.utf8), name: "L.xcstrings")
        }
    }

    /// The compiler the plugin runs, built beside this test binary: a broken catalog stops it
    /// with the catalog's problem, and the output is not written.
    @Test func theCompilerStopsTheBuildOnABrokenCatalog() throws {
        let compiler = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "StringCatalogCompiler")
        #expect(FileManager.default.isExecutableFile(atPath: compiler.path), "\(compiler.path) is not built")
        let folder = FileManager.default.temporaryDirectory.appending(path: "catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appending(path: "Localizable.xcstrings")
        try Data(
            #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"es":{"variations":{"plural":{"one":{"stringUnit":{"value":"x"}}}}}}}}}"#.utf8
        )
        .write(to: catalog)
        let output = folder.appending(path: "Localizable.swift")
        let (status, errors) = try Self.run(compiler, [catalog.path, output.path])
        #expect(status == 1)
        #expect(errors.contains("error: \(catalog.path): \"k\" in es has plural forms but no 'other'"))
        #expect(!FileManager.default.fileExists(atPath: output.path))

        try Data(Self.trickyJSON.utf8).write(to: catalog)
        #expect(try Self.run(compiler, [catalog.path, output.path]).status == 0)
        #expect(
            try String(contentsOf: output, encoding: .utf8) == StringCatalogFile(data: Data(Self.trickyJSON.utf8), name: catalog.path).swiftSource)
    }

    @Test func theHostKeepsTheOfferedLanguagesAndTheSourceLanguageOfWhatWasCompiled() throws {
        let translations = ModuleTranslations(
            sourceLanguage: "en",
            forms: [
                .init("%lld rides", "en", "one", "%lld ride"), .init("%lld rides", "en", "other", "%lld rides"),
                .init("%lld rides", "es", "one", "%lld viaje"), .init("%lld rides", "es", "other", "%lld viajes"),
                .init("Map", "es", nil, "Mapa"), .init("Map", "fr", nil, "Carte"),
            ])
        let spanish = try StringCatalog(translations, name: "mobility", languages: ["es"])
        #expect(
            spanish.entries["%lld rides"] == [
                "en": .plural([.one: "%lld ride", .other: "%lld rides"]), "es": .plural([.one: "%lld viaje", .other: "%lld viajes"]),
            ])
        #expect(spanish.entries["Map"] == ["es": .single("Mapa")])
        #expect(try StringCatalog(translations, name: "mobility").entries["Map"] == ["es": .single("Mapa"), "fr": .single("Carte")])
        #expect(try StringCatalog(translations, name: "mobility", languages: ["en"]).entries["Map"] == nil)
    }

    @Test func translationsWrittenByHandAreCheckedAsACatalogIs() {
        let unknown = ModuleTranslations(sourceLanguage: "en", forms: [.init("k", "es", "several", "x"), .init("k", "es", "other", "y")])
        #expect(throws: LocalizationError("pilot: \"k\" in es has a plural form 'several', which CLDR does not name")) {
            try StringCatalog(unknown, name: "pilot")
        }
        let noOther = ModuleTranslations(sourceLanguage: "en", forms: [.init("k", "es", "one", "x")])
        #expect(throws: LocalizationError("pilot: \"k\" in es has plural forms but no 'other'")) { try StringCatalog(noOther, name: "pilot") }
    }

    static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let written = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: written, as: UTF8.self))
    }
}
