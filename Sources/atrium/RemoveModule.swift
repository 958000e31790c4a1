import ArgumentParser
import Foundation

struct RemoveModule: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-module",
        abstract: "Delete Modules/<Name>/ and SwiftPM's cached reading of Package.swift, so the next `swift build` builds without it.",
        discussion: "Deleting the folder by hand leaves SwiftPM's cache naming it (\"invalid custom path\") until `swift package purge-cache`."
    )

    @Argument(help: "The module's folder name under Modules/.")
    var name: String

    @OptionGroup var checkout: CheckoutOptions

    func run() throws {
        let root = try checkout.checkout()
        let folder = root.appending(path: "Modules").appending(path: name)
        var isFolder: ObjCBool = false
        guard !name.contains("/"), name != "..", name != ".",
            FileManager.default.fileExists(atPath: folder.appending(path: "Sources").path, isDirectory: &isFolder), isFolder.boolValue
        else {
            throw ValidationError("Modules/\(name) is not a module folder (one with Sources/) in \(root.path)")
        }
        try FileManager.default.removeItem(at: folder)
        ManifestCache.forget(packageRoot: root)
        print("Removed Modules/\(name)/. Take its id out of `modules` in your configuration files; the next `swift build` builds without it.")
    }
}
