import ArgumentParser
import AtriumCatalog
import AtriumHost
import Foundation
import Logging

/// The configuration a command reads: the file `--config` names, else the default file, else the
/// built-in defaults; and what follows from it. A plain value, so a host's launch can be read
/// without ArgumentParser (see ``Serve/init(launchArguments:)``).
struct ConfigurationFile: Sendable {
    static let defaultPath = "Configuration/atrium.yaml"

    /// The file `--config` named, if any.
    var path: String?

    /// The configuration source: the named file, the default file, or the built-in defaults when
    /// no file was named and the default one does not exist. With `warningInBackground` (a host
    /// that goes on serving), the check for modules this binary does not link runs on another core.
    func source(warningInBackground: Bool = false) async throws -> ConfigurationSource {
        if warningInBackground {
            Task.detached(priority: .utility) { Self.warnAboutUnlinkedModules() }
        } else {
            Self.warnAboutUnlinkedModules()
        }
        if let path { return try await ConfigurationSource.load(path: path) }
        if FileManager.default.fileExists(atPath: Self.defaultPath) {
            return try await ConfigurationSource.load(path: Self.defaultPath)
        }
        return ConfigurationSource.defaults()
    }

    var catalog: [ModuleEntry] { AtriumCatalog.modules.map(ModuleEntry.init) }

    /// Run from the repository, warns when Modules/ holds a module this binary does not link:
    /// SwiftPM caches its reading of Package.swift by the file's text, so after adding a folder it
    /// may build without it.
    static func warnAboutUnlinkedModules() {
        let folder = URL(fileURLWithPath: "Modules")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let unlinked = names.filter { name in
            var isFolder: ObjCBool = false
            let sources = folder.appending(path: name).appending(path: "Sources").path
            return FileManager.default.fileExists(atPath: sources, isDirectory: &isFolder) && isFolder.boolValue
                && !AtriumCatalog.folders.contains(name)
        }
        guard !unlinked.isEmpty else { return }
        let list = unlinked.sorted().map { "Modules/\($0)" }.joined(separator: ", ")
        FileHandle.standardError.write(
            Data(
                "warning: \(list) is not linked into this build: SwiftPM reused its cached reading of Package.swift. Run `swift package purge-cache`, then build again.\n"
                    .utf8
            )
        )
    }

    /// Loads and validates the configuration and registers the modules, or prints every problem to
    /// standard error and exits with status 1. `settingsRead` is called with the host's own settings
    /// once they are read without problems.
    func plan(logger: Logger, warningInBackground: Bool = false, settingsRead: (HostSettings) -> Void = { _ in }) async throws -> HostPlan {
        do {
            let source = try await source(warningInBackground: warningInBackground)
            BootTrace.mark("source")
            return try await HostPlan.prepare(source: source, catalog: catalog, logger: logger, settingsRead: settingsRead)
        } catch let error as ConfigurationError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}
