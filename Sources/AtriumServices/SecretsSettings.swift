import AtriumSDK
import Foundation

/// `secrets.keys`, `secrets.key`, `secrets.keyFile`: the host keys that seal secrets and sign tokens
/// (see ``HostKey``).
package struct SecretsSettings: ModuleConfiguration, Equatable {
    /// Where the key is kept (created, readable by this user only, when first needed).
    package var keyFile = ".atrium/secret.key"
    /// The key itself, base64 of 32 bytes (usually `SECRETS_KEY` in the environment, shared by
    /// several hosts); wins over `keyFile`.
    package var key: String?
    /// Several keys, each base64 of 32 bytes (`SECRETS_KEYS`, comma-separated): the first signs and
    /// seals, every one verifies and opens. Wins over `key` and `keyFile`.
    package var keys: [String]?

    package static let settingDescriptions = [
        "keyFile": "The host key's file: 32 random bytes, made (mode 0600) when first needed, kept out of the database",
        "key": "The key itself, base64 of 32 bytes (SECRETS_KEY, so several hosts share one); wins over keyFile",
        "keys":
            "Several keys (at most 8), each base64 of 32 bytes (SECRETS_KEYS, comma-separated): the first signs and seals, every one verifies and opens, so a new key is added first and the old one removed once `atrium keys` says nothing needs it; wins over key and keyFile",
    ]

    package init() {}

    /// The most keys `keys` may list.
    static let mostKeys = 8

    package func problems() -> [SettingProblem] {
        if let keys {
            guard !keys.isEmpty else { return [SettingProblem(key: "keys", message: "is empty", fix: "list at least one key, or leave it out")] }
            // Every listed key is tried on each value or token the first does not open: a few at most.
            guard keys.count <= Self.mostKeys else {
                return [
                    SettingProblem(
                        key: "keys", message: "lists \(keys.count) keys, more than \(Self.mostKeys)",
                        fix: "remove the old keys `atrium keys` says nothing needs (a rotation needs two)")
                ]
            }
            var problems: [SettingProblem] = []
            for (index, key) in keys.enumerated() where !Self.isKey(key) {
                problems.append(
                    SettingProblem(key: "keys[\(index)]", message: "is not 32 bytes in base64", fix: "make one with `openssl rand -base64 32`"))
            }
            if Set(keys).count != keys.count {
                problems.append(SettingProblem(key: "keys", message: "lists a key twice", fix: "list each key once, the one that signs first"))
            }
            return problems
        }
        guard let key else {
            return keyFile.isEmpty ? [SettingProblem(key: "keyFile", message: "is empty", fix: "name a file such as .atrium/secret.key")] : []
        }
        guard Self.isKey(key) else {
            return [SettingProblem(key: "key", message: "is not 32 bytes in base64", fix: "make one with `openssl rand -base64 32`")]
        }
        return []
    }

    private static func isKey(_ text: String) -> Bool {
        Data(base64Encoded: text.trimmingCharacters(in: .whitespaces))?.count == 32
    }

    package var hostKey: HostKey { HostKey(source: keys.map(HostKey.Source.list) ?? key.map(HostKey.Source.inline) ?? .file(keyFile)) }
}
