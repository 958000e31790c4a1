import AtriumSDK
import Crypto
import Foundation

/// Seals secrets with AES-GCM (swift-crypto) under a key derived from the host key: a random nonce
/// per secret, and a tag that makes any change, or another key, fail to open. A sealed value starts
/// with a mark and the id of the key that sealed it (``HostKey/ids()``), so it opens under that key
/// while the host lists several; one sealed before keys were named (no mark) is tried under each.
/// A value sealed under any key but the first ``needsResealing(_:)``.
package struct AESGCMSecretSealer: SecretSealer {
    let hostKey: HostKey

    package init(hostKey: HostKey) { self.hostKey = hostKey }

    /// What a sealed value that names its key starts with, before the key's 4-byte id.
    package static let mark: [UInt8] = [0xA7, 0x5E]
    /// The mark and the key id.
    static let headerCount = 6

    package func seal(_ secret: Data) throws -> Data {
        guard let combined = try AES.GCM.seal(secret, using: try hostKey.derived(for: "seal")).combined else {
            throw SealedSecretError.malformed
        }
        return Data(Self.mark + (try hostKey.ids()[0])) + combined
    }

    package func open(_ sealed: Data) throws -> Data {
        let keys = try hostKey.allDerived(for: "seal")
        if let index = try keyIndex(of: sealed), let box = try? AES.GCM.SealedBox(combined: sealed.dropFirst(Self.headerCount)) {
            if let opened = try? AES.GCM.open(box, using: keys[index]) { return opened }
        }
        // Sealed before keys were named, or (one chance in 65,536) a random nonce that begins like a mark.
        let box: AES.GCM.SealedBox
        do {
            box = try AES.GCM.SealedBox(combined: sealed)
        } catch {
            throw SealedSecretError.malformed
        }
        for key in keys {
            if let opened = try? AES.GCM.open(box, using: key) { return opened }
        }
        throw SealedSecretError.changedOrForeign
    }

    package func needsResealing(_ sealed: Data) -> Bool {
        (try? keyIndex(of: sealed)) != 0
    }

    /// The index of the listed key `sealed` names, if it names one.
    private func keyIndex(of sealed: Data) throws -> Int? {
        guard sealed.count > Self.headerCount, sealed.prefix(2).elementsEqual(Self.mark) else { return nil }
        let id = Array(sealed.dropFirst(2).prefix(4))
        return try hostKey.ids().firstIndex(of: id)
    }
}
