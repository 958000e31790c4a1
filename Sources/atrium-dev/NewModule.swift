import ArgumentParser
import AtriumCatalog
import AtriumConfiguration
import Foundation

struct NewModule: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-module",
        abstract: "Write Modules/<Name>/: a working feature module (one scene, its routes, its tests) to make yours.",
        discussion: """
            Run from the Atrium checkout. The next `swift build` links the module and \
            `swift test --filter <Name>Tests` runs its tests; add its id under `modules` to serve it.
            """
    )

    @Argument(help: "The module's name: a Swift type name in UpperCamelCase (Greeter makes GreeterModule, id greeter).")
    var name: String

    @OptionGroup var checkout: CheckoutOptions

    func run() throws {
        let root = try checkout.checkout()
        let modules = root.appending(path: "Modules")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: modules.path)) ?? []
        let linked = AtriumCatalog.modules.map { (id: $0.manifest.id, binds: $0.manifest.binds.map(\.rawValue)) }
        let dependencies = ModuleScaffold.dependencyModules(packageRoot: root)
        if let problem = ModuleScaffold.problem(with: name, existingFolders: folders, linked: linked, dependencyModules: dependencies) {
            throw ValidationError(problem)
        }
        let scaffold = ModuleScaffold(name: name)
        let folder = modules.appending(path: name)
        do {
            // Made on its own first: of two runs at once with one name, the second stops here.
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            throw ValidationError("Modules/\(name) could not be made: \(error.localizedDescription)")
        }
        do {
            for file in scaffold.files {
                let url = folder.appending(path: file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.text.write(to: url, atomically: true, encoding: .utf8)
            }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw ValidationError("could not write Modules/\(name): \(error.localizedDescription)")
        }
        Self.format(folder)
        PackageModuleList.write(packageRoot: root)
        print("Wrote Modules/\(name)/ (\(scaffold.files.count) files). To serve it, add its id under `modules`:")
        print("  modules: [\((Self.enabledIDs(inDefaultConfigurationOf: root) + [scaffold.id]).joined(separator: ", "))]")
        print("Then: swift build && swift test --filter \(name)Tests")
    }

    /// Lays the new files out as `swift format` would (long type names make long lines); without the
    /// formatter they stay as written, which builds the same.
    private static func format(_ folder: URL) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "format", "format", "--in-place", "--recursive", folder.path]
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            FileHandle.standardError.write(Data("note: swift format did not run (\(error.localizedDescription)); the files build as they are\n".utf8))
        }
    }

    /// The ids listed under `modules` in the checkout's Configuration/atrium.yaml, read as the host
    /// reads it, to print the line with the new one; none when the file lists none or cannot be read.
    private static func enabledIDs(inDefaultConfigurationOf root: URL) -> [String] {
        guard let text = try? String(contentsOf: root.appending(path: "Configuration/atrium.yaml"), encoding: .utf8),
            case .sequence(let items)? = try? ConfigurationTree.parse(yaml: text).subtree(at: ["modules"])
        else { return [] }
        return items.compactMap { item in
            guard case .scalar(let id) = item else { return nil }
            return id
        }
    }
}
