import Crypto
import Foundation
import Synchronization

/// The host's secret key, from which the keys that seal secrets and sign tokens are derived
/// (HKDF-SHA-256, one label each). It comes from `secrets.key` (base64 of 32 bytes, usually
/// `SECRETS_KEY` in the environment: several hosts then share it) or from `secrets.keyFile`, which is
/// created with 32 random bytes, readable by this user only, the first time it is needed. It is kept
/// out of the database, so a copy of the database opens no sealed secret.
package final class HostKey: Sendable {
    package enum Source: Sendable {
        case inline(String)
        case file(String)
    }

    /// Why the key cannot be had.
    package struct Unavailable: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    let source: Source
    private let loaded = Mutex<SymmetricKey?>(nil)

    package init(source: Source) { self.source = source }

    /// A key of 32 random bytes held in memory (tests).
    package static func random() -> HostKey {
        HostKey(source: .inline(Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }).base64EncodedString()))
    }

    /// The key for one purpose ("seal", "token", …), derived from the host key.
    package func derived(for purpose: String) throws(Unavailable) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: try key(), info: Array("Atrium \(purpose) v1".utf8), outputByteCount: 32)
    }

    /// Loads (or, from a key file that does not exist yet, creates) the key.
    package func key() throws(Unavailable) -> SymmetricKey {
        if let key = loaded.withLock({ $0 }) { return key }
        let key: SymmetricKey
        switch source {
        case .inline(let text):
            guard let data = Data(base64Encoded: text), data.count == 32 else {
                throw Unavailable(description: "secrets.key must be 32 bytes in base64 (openssl rand -base64 32)")
            }
            key = SymmetricKey(data: data)
        case .file(let path):
            key = try Self.keyFile(at: path)
        }
        loaded.withLock { $0 = key }
        return key
    }

    private static func keyFile(at path: String) throws(Unavailable) -> SymmetricKey {
        let files = FileManager.default
        if let data = files.contents(atPath: path) {
            guard data.count == 32 else { throw Unavailable(description: "the key file '\(path)' does not hold a 32-byte key") }
            return SymmetricKey(data: data)
        }
        let key = SymmetricKey(size: .bits256)
        do {
            try files.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            let bytes = key.withUnsafeBytes { Data($0) }
            guard files.createFile(atPath: path, contents: bytes, attributes: [.posixPermissions: 0o600]) else {
                throw Unavailable(description: "the key file '\(path)' cannot be created")
            }
        } catch let error as Unavailable {
            throw error
        } catch {
            throw Unavailable(description: "the key file '\(path)' cannot be created: \(error)")
        }
        return key
    }
}
