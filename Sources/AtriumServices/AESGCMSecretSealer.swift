import AtriumSDK
import Crypto
import Foundation

/// Seals secrets with AES-GCM (swift-crypto) under a key derived from the host key: a random nonce
/// per secret, and a tag that makes any change, or another key, fail to open.
package struct AESGCMSecretSealer: SecretSealer {
    let hostKey: HostKey

    package init(hostKey: HostKey) { self.hostKey = hostKey }

    package func seal(_ secret: Data) throws -> Data {
        guard let combined = try AES.GCM.seal(secret, using: try hostKey.derived(for: "seal")).combined else {
            throw SealedSecretError.malformed
        }
        return combined
    }

    package func open(_ sealed: Data) throws -> Data {
        let box: AES.GCM.SealedBox
        do {
            box = try AES.GCM.SealedBox(combined: sealed)
        } catch {
            throw SealedSecretError.malformed
        }
        do {
            return try AES.GCM.open(box, using: try hostKey.derived(for: "seal"))
        } catch {
            throw SealedSecretError.changedOrForeign
        }
    }
}
