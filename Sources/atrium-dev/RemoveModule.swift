import ArgumentParser
import Foundation

struct RemoveModule: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-module",
        abstract: "Delete Modules/<Name>/ and take it out of Package.swift's module list, so the next `swift build` builds without it.",
        discussion:
            "Deleting the folder by hand leaves SwiftPM's reading of the manifest naming it (\"invalid custom path\") until Package.swift's text next changes."
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
        PackageModuleList.write(packageRoot: root)
        print("Removed Modules/\(name)/. Take its id out of `modules` in your configuration files; the next `swift build` builds without it.")
    }
}
