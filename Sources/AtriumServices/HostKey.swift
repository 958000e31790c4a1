import Crypto
import Foundation
import Synchronization

/// The host's secret keys, from which the keys that seal secrets and sign tokens are derived
/// (HKDF-SHA-256, one label each). They come from `secrets.keys` (a list: `SECRETS_KEYS`,
/// comma-separated), `secrets.key` (one: `SECRETS_KEY`), each base64 of 32 bytes (several hosts then
/// share them), or from `secrets.keyFile`, which is created with 32 random bytes, readable by this
/// user only, the first time it is needed. They are kept out of the database, so a copy of the
/// database opens no sealed secret.
///
/// The first key signs and seals; every key verifies and opens. So a key is rotated by adding the
/// new one first, restarting host by host, and removing the old one once nothing needs it
/// (`atrium keys`): nobody loses a sealed sign-in, a visitor's pass or an open form meanwhile.
package final class HostKey: Sendable {
    package enum Source: Sendable {
        case inline(String)
        /// Several keys, the first signing and sealing.
        case list([String])
        case file(String)
    }

    /// Why the key cannot be had.
    package struct Unavailable: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    let source: Source
    private let loaded = Mutex<[SymmetricKey]?>(nil)
    /// Each purpose's derived keys, once worked out.
    private let derivations = Mutex<[String: [SymmetricKey]]>([:])

    package init(source: Source) { self.source = source }

    /// A key of 32 random bytes held in memory (tests).
    package static func random() -> HostKey {
        HostKey(source: .inline(Self.randomText()))
    }

    /// 32 random bytes in base64, as `secrets.key` takes them.
    package static func randomText() -> String {
        Data(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }).base64EncodedString()
    }

    /// The key for one purpose ("seal", "token", …) that signs and seals: derived from the first key.
    package func derived(for purpose: String) throws(Unavailable) -> SymmetricKey {
        try allDerived(for: purpose)[0]
    }

    /// The keys for one purpose that verify and open, the one that signs and seals first.
    package func allDerived(for purpose: String) throws(Unavailable) -> [SymmetricKey] {
        if let known = derivations.withLock({ $0[purpose] }) { return known }
        let made = try keys().map {
            HKDF<SHA256>.deriveKey(inputKeyMaterial: $0, info: Array("Atrium \(purpose) v1".utf8), outputByteCount: 32)
        }
        derivations.withLock { $0[purpose] = made }
        return made
    }

    /// Each key's id, in order: 4 bytes derived from it (it says nothing of the key), which a sealed
    /// value carries to name the key that sealed it.
    package func ids() throws(Unavailable) -> [[UInt8]] {
        try allDerived(for: "key id").map { $0.withUnsafeBytes { Array($0.prefix(4)) } }
    }

    /// The key that signs and seals (the first), loaded.
    package func key() throws(Unavailable) -> SymmetricKey { try keys()[0] }

    /// Loads (or, from a key file that does not exist yet, creates) the keys.
    package func keys() throws(Unavailable) -> [SymmetricKey] {
        if let keys = loaded.withLock({ $0 }) { return keys }
        let keys: [SymmetricKey]
        switch source {
        case .inline(let text):
            keys = [try Self.key(fromBase64: text, named: "secrets.key")]
        case .list(let texts):
            guard !texts.isEmpty else { throw Unavailable(description: "secrets.keys is empty: list at least one key") }
            keys = try texts.enumerated().map { (index, text) throws(Unavailable) in try Self.key(fromBase64: text, named: "secrets.keys[\(index)]") }
        case .file(let path):
            keys = [try Self.keyFile(at: path)]
        }
        loaded.withLock { $0 = keys }
        return keys
    }

    private static func key(fromBase64 text: String, named name: String) throws(Unavailable) -> SymmetricKey {
        guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespaces)), data.count == 32 else {
            throw Unavailable(description: "\(name) must be 32 bytes in base64 (openssl rand -base64 32)")
        }
        return SymmetricKey(data: data)
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
