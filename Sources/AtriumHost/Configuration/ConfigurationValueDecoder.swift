import Configuration
import Foundation

/// The `Decoder` behind ``ConfigurationDecoder``: one per key path.
struct ConfigurationValueDecoder: Decoder {
    let path: [String]
    let source: ConfigurationSource
    let log: ConfigurationDecodingLog
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]

    init(path: [String], source: ConfigurationSource, log: ConfigurationDecodingLog, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.path = path
        self.source = source
        self.log = log
        self.sendableUserInfo = userInfo
    }

    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    /// The coding path below the section, as Swift's decoding errors expect it.
    var codingPath: [any CodingKey] { path.dropFirst().map { ConfigurationKey(stringValue: $0) } }

    var dottedPath: String { path.joined(separator: ".") }

    func child(_ key: String) -> ConfigurationValueDecoder {
        ConfigurationValueDecoder(path: path + [key], source: source, log: log, userInfo: sendableUserInfo)
    }

    /// Whether a value is set at this path, in the environment or the file.
    var isPresent: Bool {
        switch source.tree.subtree(at: path) {
        case .some(.null): break
        case .some: return true
        case .none: break
        }
        return source.reader.string(forKey: ConfigKey(path)) != nil
    }

    /// Reads a scalar. A missing or mistyped value is reported and a placeholder returned, so that
    /// decoding goes on and every problem is found in one pass.
    func scalar<Value>(
        expected: String,
        example: String,
        placeholder: Value,
        read: (ConfigReader, ConfigKey) throws -> Value
    ) -> Value {
        log.read(path)
        if case .mapping = source.tree.subtree(at: path) {
            log.report(
                ConfigurationProblem(
                    key: dottedPath, message: "must be \(expected), not a section", fix: "write for example `\(path.last ?? ""): \(example)`"))
            return placeholder
        }
        do {
            return try read(source.reader, ConfigKey(path))
        } catch {
            if isPresent {
                let shown = source.reader.string(forKey: ConfigKey(path)).map { " ('\($0)')" } ?? ""
                log.report(
                    ConfigurationProblem(
                        key: dottedPath, message: "must be \(expected)\(shown)", fix: "write for example `\(path.last ?? ""): \(example)`"))
            } else {
                let parent = path.dropLast().joined(separator: ".")
                log.report(
                    ConfigurationProblem(key: dottedPath, message: "is missing", fix: "add `\(path.last ?? ""): \(example)` under `\(parent)`"))
            }
            return placeholder
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        log.read(path)
        if case .some(.scalar(let value)) = source.tree.subtree(at: path) {
            throw DecodingError.typeMismatch(
                [String: Any].self,
                .init(codingPath: codingPath, debugDescription: "a section of keys is expected here, found '\(value)'")
            )
        }
        return KeyedDecodingContainer(ConfigurationKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        log.read(path)
        let values = scalar(expected: "a list", example: "[a, b]", placeholder: [String]()) { reader, key in
            try reader.requiredStringArray(forKey: key)
        }
        return ConfigurationListContainer(decoder: self, values: values)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ConfigurationScalarContainer(decoder: self)
    }
}
