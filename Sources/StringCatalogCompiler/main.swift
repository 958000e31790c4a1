import Foundation
import StringCatalogFile

// Compiles a String Catalog into Swift: `StringCatalogCompiler CATALOG OUTPUT`. The output
// declares `Localizable.translations`, every form of every key (see AtriumSDK's
// ModuleTranslations); a catalog the host could not use stops the build with what is wrong.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let input = arguments.first, let output = arguments.last else {
    FileHandle.standardError.write(Data("usage: StringCatalogCompiler CATALOG OUTPUT\n".utf8))
    exit(64)
}
do {
    let source = try StringCatalogFile(data: try Data(contentsOf: URL(fileURLWithPath: input)), name: input).swiftSource
    let url = URL(fileURLWithPath: output)
    // Written only when it changed, so an unchanged catalog compiles nothing again.
    if (try? String(contentsOf: url, encoding: .utf8)) != source {
        try source.write(to: url, atomically: true, encoding: .utf8)
    }
} catch let error as StringCatalogFileError {
    // As a compiler writes its errors, so the build names the catalog.
    FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("error: \(input): \(error.localizedDescription)\n".utf8))
    exit(1)
}
