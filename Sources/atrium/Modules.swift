import ArgumentParser
import AtriumHost

struct Modules: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "modules", abstract: "List every available module and whether the configuration enables it.")

    @OptionGroup var options: ConfigurationOptions

    func run() async throws {
        let source = try await options.source()
        let enabled = Set(source.moduleIDs ?? options.catalog.map(\.manifest.id))
        let rows = options.catalog.map(\.manifest).map { manifest in
            [
                manifest.id, manifest.title, manifest.version,
                manifest.requires.map(\.rawValue).joined(separator: ",").ifEmpty("-"),
                (manifest.provides.map(\.rawValue) + manifest.binds.map { "route:\($0)" }).joined(separator: ",").ifEmpty("-"),
                enabled.contains(manifest.id) ? "yes" : "no",
            ]
        }
        if rows.isEmpty {
            print("No modules are available: add one under Modules/ (see README.md).")
            return
        }
        Console.table(["ID", "TITLE", "VERSION", "REQUIRES", "PROVIDES", "ENABLED"], rows)
    }
}

extension String {
    func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
