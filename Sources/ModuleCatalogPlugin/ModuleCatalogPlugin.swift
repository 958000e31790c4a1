import Foundation
import PackagePlugin

/// Generates `AtriumCatalog.modules` from the feature modules the `AtriumCatalog` target depends on
/// (Package.swift adds one dependency per folder under `Modules/`), so the host links every module
/// without a hand-kept list.
@main
struct ModuleCatalogPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let modules = target.dependencies.compactMap { dependency -> String? in
            guard case .target(let module) = dependency, module.directoryURL.path.contains("/Modules/") else { return nil }
            return module.name
        }.sorted()
        let output = context.pluginWorkDirectoryURL.appending(path: "ModuleCatalog.swift")
        return [
            .buildCommand(
                displayName: "Generating the module catalog (\(modules.joined(separator: ", ")))",
                executable: try context.tool(named: "ModuleCatalogGenerator").url,
                arguments: [output.path] + modules,
                outputFiles: [output]
            )
        ]
    }
}
