import ArgumentParser
import AtriumCatalog
import AtriumConfiguration
import AtriumHost
import AtriumObservability
import AtriumRuntime
import Foundation
import Logging

/// The configuration a command reads: the file `--config` names, else the default file, else the
/// built-in defaults; and what follows from it. A plain value, so a host's launch can be read
/// without ArgumentParser (see ``Serve/launchFile(_:)``).
struct ConfigurationFile: Sendable {
    static let defaultPath = "Configuration/atrium.yaml"

    /// The file `--config` named, if any.
    var path: String?

    /// The configuration source: the named file, the default file, or the built-in defaults when
    /// no file was named and the default one does not exist.
    func source() async throws -> ConfigurationSource {
        Self.warnAboutUnlinkedModules()
        if let path { return try await ConfigurationSource.load(path: path) }
        if FileManager.default.fileExists(atPath: Self.defaultPath) {
            return try await ConfigurationSource.load(path: Self.defaultPath)
        }
        return ConfigurationSource.defaults()
    }

    var catalog: [ModuleEntry] { AtriumCatalog.modules.map(ModuleEntry.init) }

    /// Run from the repository, warns when Modules/ holds a module this binary does not link:
    /// SwiftPM caches its reading of Package.swift by the file's text, so after adding a folder it
    /// may build without it. Plain directory calls: FileManager and URL cost 0.6 ms of a boot here.
    static func warnAboutUnlinkedModules() {
        guard let folder = opendir("Modules") else { return }
        defer { closedir(folder) }
        var unlinked: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix("."), !AtriumCatalog.folders.contains(name) else { continue }
            var status = stat()
            if stat("Modules/\(name)/Sources", &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR { unlinked.append(name) }
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
    func plan(logger: Logger, settingsRead: (HostSettings) -> Void = { _ in }) async throws -> HostPlan {
        do {
            let source = try await source()
            BootTrace.mark("source")
            return try await HostPlan.prepare(source: source, catalog: catalog, logger: logger, settingsRead: settingsRead)
        } catch let error as ConfigurationError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
    }
}
