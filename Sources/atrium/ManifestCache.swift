import Foundation
import GRDB

/// SwiftPM's cache of evaluated manifests. It keys an entry by the manifest's text, so after a new
/// folder appears under Modules/ it would build from the old reading of Package.swift (without the
/// module); and `swift build` plans again only when a target folder or Package.swift changed, which
/// a new folder beside the targets is not. ``forget(packageRoot:)`` deletes this package's entries
/// (other packages' stay) and touches Package.swift (its text stays), so the next build reads it again.
enum ManifestCache {
    /// The cache files SwiftPM may use: the shared one (XDG on Linux, Caches on macOS) and the local
    /// one in the build folder.
    static func files(packageRoot: URL) -> [URL] {
        let environment = ProcessInfo.processInfo.environment
        let home = FileManager.default.homeDirectoryForCurrentUser
        let caches = [
            environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) } ?? home.appending(path: ".cache"),
            home.appending(path: "Library/Caches"),
        ]
        return caches.map { $0.appending(path: "org.swift.swiftpm/manifests/manifest.db") } + [packageRoot.appending(path: ".build/manifest.db")]
    }

    /// Deletes the cached readings of `packageRoot`'s Package.swift and updates the file's
    /// modification time. Returns how many entries were deleted; a cache it cannot change is
    /// reported on standard error with the manual step.
    @discardableResult
    static func forget(packageRoot: URL) -> Int {
        let manifest = packageRoot.resolvingSymlinksInPath().standardizedFileURL.appending(path: "Package.swift").path
        do {
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: manifest)
        } catch {
            FileHandle.standardError.write(Data("warning: could not touch \(manifest) (\(error)); `swift build` may not plan again\n".utf8))
        }
        let patterns = ["\"\(manifest)\"", "\"\(manifest.replacingOccurrences(of: "/", with: "\\/"))\""]
        var deleted = 0
        for file in files(packageRoot: packageRoot) where FileManager.default.fileExists(atPath: file.path) {
            do {
                var configuration = Configuration()
                configuration.busyMode = .timeout(10)  // SwiftPM may be reading it (`swift run`)
                let database = try DatabaseQueue(path: file.path, configuration: configuration)
                deleted += try database.write { db -> Int in
                    guard try db.tableExists("MANIFEST_CACHE") else { return 0 }
                    for pattern in patterns {
                        try db.execute(sql: "DELETE FROM MANIFEST_CACHE WHERE instr(CAST(value AS TEXT), ?) > 0", arguments: [pattern])
                    }
                    return db.totalChangesCount
                }
                try database.close()
            } catch {
                FileHandle.standardError.write(
                    Data(
                        "warning: could not clear SwiftPM's manifest cache at \(file.path) (\(error)); run `swift package purge-cache` once before building\n"
                            .utf8))
            }
        }
        return deleted
    }
}
