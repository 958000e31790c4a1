import AtriumSDK
import Foundation

/// `secrets.keyFile`, `secrets.key`: the host key that seals secrets and signs tokens.
package struct SecretsSettings: ModuleConfiguration, Equatable {
    /// Where the key is kept (created, readable by this user only, when first needed).
    package var keyFile = ".atrium/secret.key"
    /// The key itself, base64 of 32 bytes (usually `SECRETS_KEY` in the environment, shared by
    /// several hosts); wins over `keyFile`.
    package var key: String?

    package static let settingDescriptions = [
        "keyFile": "The host key's file: 32 random bytes, made (mode 0600) when first needed, kept out of the database",
        "key": "The key itself, base64 of 32 bytes (SECRETS_KEY, so several hosts share one); wins over keyFile",
    ]

    package init() {}

    package func problems() -> [SettingProblem] {
        guard let key else {
            return keyFile.isEmpty ? [SettingProblem(key: "keyFile", message: "is empty", fix: "name a file such as .atrium/secret.key")] : []
        }
        guard let data = Data(base64Encoded: key), data.count == 32 else {
            return [SettingProblem(key: "key", message: "is not 32 bytes in base64", fix: "make one with `openssl rand -base64 32`")]
        }
        return []
    }

    package var hostKey: HostKey { HostKey(source: key.map(HostKey.Source.inline) ?? .file(keyFile)) }
}
