import Foundation
import PackagePlugin

/// Generates `AtriumCatalog.modules` (and `packageTargets`, every target's name) from the feature modules the `AtriumCatalog` target depends on
/// (Package.swift adds one dependency per folder under `Modules/`), so the host links every module
/// without a hand-kept list.
@main
struct ModuleCatalogPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let modules = target.dependencies.compactMap { dependency -> String? in
            guard case .target(let module) = dependency, module.directoryURL.path.contains("/Modules/") else { return nil }
            return module.name
        }.sorted()
        // Every target of the package, so a tool can refuse a module named like one of them: those
        // SwiftPM lists, and the folders under Sources/ (its plugins', which it does not list).
        let sources = context.package.directoryURL.appending(path: "Sources")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        let targets = Set(context.package.targets.map(\.name) + folders.filter { !$0.hasPrefix(".") }).sorted()
        let output = context.pluginWorkDirectoryURL.appending(path: "ModuleCatalog.swift")
        return [
            .buildCommand(
                displayName: "Generating the module catalog (\(modules.joined(separator: ", ")))",
                executable: try context.tool(named: "ModuleCatalogGenerator").url,
                arguments: [output.path] + modules + ["--targets"] + targets,
                outputFiles: [output]
            )
        ]
    }
}
