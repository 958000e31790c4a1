import ArgumentParser
import Foundation

struct NewScene: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-scene",
        abstract: "Add a scene to Modules/<Module>/: its folder (scene, state, view), its test and its line in the module file.",
        discussion: """
            Run from the Atrium checkout. The scene answers at /<module id>/<scene-id> at once; \
            `swift test --filter <Module>Tests` runs its test.
            """
    )

    @Argument(help: "The module's folder name under Modules/ (Mobility).")
    var module: String

    @Argument(help: "The scene's name: a Swift type name in UpperCamelCase (RideHistory makes RideHistoryScene at /<module id>/ride-history).")
    var name: String

    @OptionGroup var checkout: CheckoutOptions

    func run() throws {
        let root = try checkout.checkout()
        let folder = root.appending(path: "Modules").appending(path: module)
        let moduleFile = folder.appending(path: "Sources/\(module)Module.swift")
        guard !module.contains("/"), module != "..", module != ".",
            let moduleText = try? String(contentsOf: moduleFile, encoding: .utf8)
        else {
            throw ValidationError("Modules/\(module) is not a module of \(root.path): no Modules/\(module)/Sources/\(module)Module.swift")
        }
        guard let match = moduleText.firstMatch(of: #/ModuleManifest\(\s*id:\s*"([a-z0-9-]+)"/#) else {
            throw ValidationError("Modules/\(module)/Sources/\(module)Module.swift has no ModuleManifest(id: \"…\") to take the path from")
        }
        let sources = Self.swiftFiles(under: folder)
        let sdkTypes = Self.publicTypes(under: [root.appending(path: "Sources/AtriumSDK"), root.appending(path: "Sources/AtriumTestKit")])
        if let problem = SceneScaffold.problem(with: name, module: module, sources: sources, sdkTypes: sdkTypes) {
            throw ValidationError(problem)
        }
        let scaffold = SceneScaffold(name: name, module: module, moduleID: String(match.1))
        if let existing = sources.first(where: { $0.value.contains("\"\(scaffold.path)\"") }) {
            throw ValidationError("Modules/\(module)/\(existing.key) uses the path \(scaffold.path) already: choose another name")
        }
        guard let registered = scaffold.registering(in: moduleText) else {
            throw ValidationError(
                "Modules/\(module)/Sources/\(module)Module.swift has no register(in:configuration:) to add the scene to; add \(scaffold.registration) there"
            )
        }
        let sceneFolder = folder.appending(path: "Sources/Scenes/\(name)")
        do {
            // Made on its own first: of two runs at once with one name, the second stops here.
            try FileManager.default.createDirectory(at: sceneFolder.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: sceneFolder, withIntermediateDirectories: false)
        } catch {
            throw ValidationError("Modules/\(module)/Sources/Scenes/\(name) could not be made: \(error.localizedDescription)")
        }
        var written: [URL] = []
        do {
            for file in scaffold.files {
                let url = folder.appending(path: file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.text.write(to: url, atomically: true, encoding: .utf8)
                written.append(url)
            }
            try registered.write(to: moduleFile, atomically: true, encoding: .utf8)
        } catch {
            for url in written { try? FileManager.default.removeItem(at: url) }
            try? FileManager.default.removeItem(at: sceneFolder)
            throw ValidationError("could not write the scene \(name): \(error.localizedDescription)")
        }
        print("Added \(name)Scene at \(scaffold.path): Modules/\(module)/Sources/Scenes/\(name)/, its test and its line in \(module)Module.swift.")
        print("Then: swift build && swift test --filter \(module)Tests")
    }

    /// The module's Swift files, by path under its folder.
    static func swiftFiles(under folder: URL) -> [String: String] {
        let prefix = folder.standardizedFileURL.path + "/"
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return Dictionary(
            files.filter { $0.pathExtension == "swift" }.compactMap { url in
                (try? String(contentsOf: url, encoding: .utf8)).map { (url.standardizedFileURL.path.replacingOccurrences(of: prefix, with: ""), $0) }
            },
            uniquingKeysWith: { first, _ in first })
    }

    /// The public types declared in the Swift files under `folders`: what a module's own type of
    /// the same name would hide.
    static func publicTypes(under folders: [URL]) -> Set<String> {
        let declaration = #/public\s+(?:final\s+)?(?:indirect\s+)?(?:struct|enum|class|actor|protocol|typealias)\s+([A-Za-z0-9_]+)/#
        return Set(folders.flatMap { swiftFiles(under: $0).values.flatMap { $0.matches(of: declaration).map { String($0.1) } } })
    }
}
