import ArgumentParser
import Foundation

/// `--root`: the Atrium checkout that `new-module` and `remove-module` change.
struct CheckoutOptions: ParsableArguments {
    @Option(name: .long, help: "The Atrium checkout (default: the current folder).")
    var root: String = "."

    /// The checkout's folder, once it holds Package.swift and Modules/.
    func checkout() throws -> URL {
        let folder = URL(fileURLWithPath: root)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.appending(path: "Package.swift").path),
            FileManager.default.fileExists(atPath: folder.appending(path: "Modules").path, isDirectory: &isFolder), isFolder.boolValue
        else {
            throw ValidationError(
                "\(folder.path) is not an Atrium checkout (no Package.swift and Modules/ there): run from the checkout or give --root")
        }
        return folder
    }
}
