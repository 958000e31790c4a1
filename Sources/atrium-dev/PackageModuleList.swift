import Foundation

/// The list of modules written into `Package.swift` (`modulesWhenLastWritten`), which
/// `new-module` and `remove-module` rewrite: SwiftPM reads a manifest again only when its text
/// changes, so a module a tool adds or removes is seen by the next `swift build`, with no file of
/// SwiftPM's own touched. Every folder under `Modules/` with `Sources/` is a module whether listed
/// or not (a folder added by hand is seen once the manifest's text next changes).
enum PackageModuleList {
    static let marker = "let modulesWhenLastWritten"

    /// Writes the module folders under `root`'s `Modules/` into its `Package.swift`. A manifest
    /// without the list (a checkout of an older Atrium) is left as it is, with a note: SwiftPM then
    /// sees the change once the manifest's text next changes.
    static func write(packageRoot root: URL) {
        let manifest = root.appending(path: "Package.swift")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8),
            let line = text.components(separatedBy: "\n").first(where: { $0.hasPrefix(marker) })
        else {
            FileHandle.standardError.write(
                Data(
                    "note: \(manifest.path) has no `\(marker) = [...]` line: `swift build` sees the change once the manifest's text next changes\n"
                        .utf8))
            return
        }
        let written = "\(marker) = [\(folders(under: root).map { "\"\($0)\"" }.joined(separator: ", "))]"
        guard line != written else { return }
        do {
            try text.replacingOccurrences(of: line, with: written).write(to: manifest, atomically: true, encoding: .utf8)
        } catch {
            FileHandle.standardError.write(Data("note: \(manifest.path) could not be written (\(error.localizedDescription))\n".utf8))
        }
    }

    /// The module folders under `root`'s `Modules/` (those with `Sources/`), sorted.
    static func folders(under root: URL) -> [String] {
        let modules = root.appending(path: "Modules")
        return ((try? FileManager.default.contentsOfDirectory(atPath: modules.path)) ?? []).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: modules.appending(path: "\(name)/Sources").path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }
}
