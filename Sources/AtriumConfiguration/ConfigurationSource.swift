import Configuration
import Foundation

/// The configuration the host boots from: the file's key tree, and the environment, which wins
/// over the file for any value (`http.port` is `HTTP_PORT`, named by swift-configuration's rules).
package struct ConfigurationSource: Sendable {
    /// Where a value was set, for messages that say where to fix it.
    package enum Origin: Sendable, Equatable {
        case environment(variable: String)
        case file(line: Int?)
    }

    /// Where the values came from, for messages ("Configuration/atrium.yaml").
    package let name: String
    package let tree: ConfigurationTree
    let environment: EnvironmentVariablesProvider
    let environmentNames: Set<String>
    /// The environment as given, for the standard variables read by name (`OTEL_*`).
    private let environmentValues: [String: String]
    /// Whether any variable begins with each section's own name, worked out once per section.
    private let sectionsInEnvironment = SectionsInEnvironment()

    /// The largest configuration file read: a configuration is a few kilobytes.
    static let maximumFileSize = 256 * 1024

    package init(name: String, tree: ConfigurationTree, environment: [String: String]) {
        self.name = name
        self.tree = tree
        self.environment = EnvironmentVariablesProvider(environmentVariables: environment)
        self.environmentNames = Set(environment.keys)
        self.environmentValues = environment
    }

    /// The value of the environment variable `name`, when it is set and not empty.
    package func environmentValue(_ name: String) -> String? {
        environmentValues[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Reads a YAML file. A missing, unreadable, oversized or malformed file is a ``ConfigurationError``.
    package static func load(
        path: String,
        environment: [String: String] = ProcessEnvironment.variables()
    ) async throws -> ConfigurationSource {
        func refuse(_ message: String, _ fix: String) -> ConfigurationError {
            ConfigurationError(source: path, problems: [ConfigurationProblem(key: "", message: message, fix: fix)])
        }
        // One stat for what the file is and its size (FileManager's attributes dictionary and its
        // bridged numbers cost half a millisecond of a boot).
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists && (status.st_mode & S_IFMT) == S_IFDIR {
            throw refuse("is a folder, not a configuration file", "name a YAML file, such as \(path)/atrium.yaml")
        }
        if exists && Int(status.st_size) > maximumFileSize {
            let size = Int(status.st_size)
            throw refuse(
                "the configuration file is \(size / 1024) KiB; at most \(maximumFileSize / 1024) KiB is read",
                "a configuration holds a few keys per module: check that this is the right file")
        }
        // At most one byte past the limit is read: a device or a pipe (`--config /dev/zero`) has no
        // size to check beforehand.
        guard let file = FileHandle(forReadingAtPath: path), let data = try? file.read(upToCount: maximumFileSize + 1) ?? Data() else {
            throw refuse(
                "the configuration file cannot be read",
                exists ? "make the file readable" : "create it, or pass --config with the path of an existing file")
        }
        try? file.close()
        guard data.count <= maximumFileSize else {
            throw refuse("the configuration file is larger than \(maximumFileSize / 1024) KiB", "check that this is the right file")
        }
        let tree: ConfigurationTree
        do {
            tree = try ConfigurationTree.parse(yaml: String(decoding: data, as: UTF8.self))
        } catch {
            throw ConfigurationError(source: path, problems: [error])
        }
        return ConfigurationSource(name: path, tree: tree, environment: environment)
    }

    /// The built-in defaults: no file, only what the environment sets.
    package static func defaults(environment: [String: String] = ProcessEnvironment.variables()) -> ConfigurationSource {
        ConfigurationSource(name: "the built-in defaults", tree: .mapping([]), environment: environment)
    }

    /// The environment variable that sets the value at `path` ("HTTP_PORT" for http.port).
    func variableName(for path: [String]) -> String {
        (try? environment.value(forKey: AbsoluteConfigKey(path), type: .string))?.encodedKey ?? path.joined(separator: "_").uppercased()
    }

    /// Whether a variable could set the value at `path` or below it. Every variable the provider
    /// reads for a key begins with the name of the key's section ("HTTP_PORT" with "HTTP": each
    /// part of a key is named on its own and the names are joined), so a section no variable begins
    /// with is not asked about key by key: the provider names each key anew, character by
    /// character, which was most of the time a start spent looking at the environment.
    private func environmentMaySet(_ path: [String]) -> Bool {
        guard let section = path.first else { return true }
        return sectionsInEnvironment.contains(section) {
            // A section named in lower-case letters and digits (every host section, every module
            // id) is named by the provider as itself upper-cased: no camelCase boundary, nothing to
            // replace. The provider is asked only about other names: its first answer costs a start
            // half a millisecond, in the runtime's lookups behind its unspecialised `joined`.
            let name = Self.upperCased(plainName: section) ?? variableName(for: [section])
            return environmentNames.contains { $0 == name || $0.hasPrefix(name + "_") }
        }
    }

    /// `section` upper-cased when it is lower-case ASCII letters and digits alone ("HTTP" for
    /// http); nil for any other name.
    private static func upperCased(plainName section: String) -> String? {
        var name: [UInt8] = []
        for byte in section.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): name.append(byte - 32)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): name.append(byte)
            default: return nil
            }
        }
        return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
    }

    /// The text the environment sets at `path`, with the variable's name.
    func environmentText(at path: [String]) -> (variable: String, text: String)? {
        guard environmentMaySet(path), let result = try? environment.value(forKey: AbsoluteConfigKey(path), type: .string),
            case .string(let text) = result.value?.content
        else { return nil }
        return (result.encodedKey, text)
    }

    /// Whether the environment sets the value at `path` or anything below it.
    func environmentSets(_ path: [String]) -> Bool {
        guard environmentMaySet(path) else { return false }
        let name = variableName(for: path)
        return environmentNames.contains(name) || environmentNames.contains { $0.hasPrefix(name + "_") }
    }

    /// Where the value at `path` was set: the environment wins over the file.
    package func origin(of path: [String]) -> Origin? {
        if let (variable, _) = environmentText(at: path) { return .environment(variable: variable) }
        if tree.subtree(at: path) != nil { return .file(line: tree.line(at: path)) }
        return nil
    }

    /// Whether a value (or a section) is set at `path`, in the environment or the file.
    package func isPresent(_ path: [String]) -> Bool {
        switch tree.subtree(at: path) {
        case .some(.null), .none: return environmentSets(path)
        case .some: return true
        }
    }
}

extension ConfigurationSource {
    /// The module ids the configuration lists, or nil when it lists none (every module boots).
    package var moduleIDs: [String]? {
        guard isPresent(["modules"]) else { return nil }
        return (try? ConfigurationDecoder().decode([String].self, section: "modules", from: self)) ?? []
    }
}
