import Configuration
import Foundation

/// The configuration the host boots from: the file's key tree for validation, and a reader that
/// resolves each value from the environment first (`http.port` is `HTTP_PORT`), then the file.
public struct ConfigurationSource: Sendable {
    /// Where the values came from, for messages ("Configuration/atrium.yaml").
    public let name: String
    public let tree: ConfigurationTree
    public let reader: ConfigReader

    public init(name: String, tree: ConfigurationTree, reader: ConfigReader) {
        self.name = name
        self.tree = tree
        self.reader = reader
    }

    /// Reads a YAML file. A missing or unreadable file, or bad YAML, is a ``ConfigurationError``.
    public static func load(
        path: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws -> ConfigurationSource {
        guard let data = FileManager.default.contents(atPath: path) else {
            let fix =
                FileManager.default.fileExists(atPath: path)
                ? "make the file readable" : "create it, or pass --config with the path of an existing file"
            throw ConfigurationError(
                source: path,
                problems: [ConfigurationProblem(key: "", message: "the configuration file cannot be read", fix: fix)]
            )
        }
        let tree: ConfigurationTree
        do {
            tree = try ConfigurationTree.parse(yaml: String(decoding: data, as: UTF8.self))
        } catch {
            throw ConfigurationError(source: path, problems: [error])
        }
        let file = try await FileProvider<YAMLSnapshot>(filePath: .init(path))
        let reader = ConfigReader(providers: [EnvironmentVariablesProvider(environmentVariables: environment), file])
        return ConfigurationSource(name: path, tree: tree, reader: reader)
    }

    /// The built-in defaults: no file, only what the environment sets.
    public static func defaults(environment: [String: String] = ProcessInfo.processInfo.environment) -> ConfigurationSource {
        ConfigurationSource(
            name: "the built-in defaults",
            tree: .mapping([]),
            reader: ConfigReader(provider: EnvironmentVariablesProvider(environmentVariables: environment))
        )
    }
}
