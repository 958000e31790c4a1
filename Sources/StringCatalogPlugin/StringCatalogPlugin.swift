import Foundation
import PackagePlugin

/// Compiles a target's String Catalog (`Resources/Localizable.xcstrings`) into Swift when the
/// target is built (`StringCatalogCompiler`), as `Localizable.translations`: the host reads no
/// catalog file when it starts, and a catalog it could not use fails the build. Package.swift
/// applies it to every module with a catalog and to the host's own pages' target.
@main
struct StringCatalogPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let catalog = target.directoryURL.appending(path: "Resources/Localizable.xcstrings")
        guard FileManager.default.fileExists(atPath: catalog.path) else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "Localizable.swift")
        return [
            .buildCommand(
                displayName: "Compiling \(target.name)'s String Catalog",
                executable: try context.tool(named: "StringCatalogCompiler").url,
                arguments: [catalog.path, output.path],
                inputFiles: [catalog],
                outputFiles: [output]
            )
        ]
    }
}
