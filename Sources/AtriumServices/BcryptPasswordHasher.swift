import AtriumSDK
import Crypto
import Foundation
import HummingbirdBcrypt
import NIOPosix

/// bcrypt from hummingbird-auth, run on NIO's blocking thread pool so a slow hash never holds up
/// the async executor that serves other requests.
///
/// bcrypt reads only the first 72 bytes of a password and stops at a NUL, so `"A"×72 + "first"`
/// and `"A"×72 + "other"` would be one password, and twelve NULs the empty one. The password is
/// therefore first reduced to HMAC-SHA-256 under a fixed key, base64-encoded (44 printable bytes,
/// never a NUL), and that is what bcrypt hashes: every byte of the password counts. The key only
/// separates this use of SHA-256 from others, so a leaked list of plain SHA-256 hashes cannot be
/// tried against these; it is not a secret. Such hashes are stored as `$hmac-sha256` followed by
/// bcrypt's own string. Hashes without the prefix (made before) are still verified as bcrypt
/// made them, except that an empty password or one with a NUL never matches one, and they are reported by
/// ``needsRehash(_:)`` so the next sign-in replaces them.
package struct BcryptPasswordHasher: PasswordHasher {
    /// The work factor: 12 in production; tests may lower it to stay fast.
    package let cost: UInt8

    static let prefix = "$hmac-sha256"
    private static let key = SymmetricKey(data: Data("Atrium password pre-hash, version 1".utf8))

    package init(cost: UInt8 = 12) { self.cost = cost }

    /// What bcrypt hashes for a password: 44 printable bytes.
    static func prepared(_ password: String) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Data(password.utf8), using: key)).base64EncodedString()
    }

    package func hash(_ password: String) async -> String {
        let cost = self.cost
        let prepared = Self.prepared(password)
        let hash = (try? await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(prepared, cost: cost) }) ?? Bcrypt.hash(prepared, cost: cost)
        return Self.prefix + hash
    }

    package func verify(_ password: String, against hash: String) async -> Bool {
        let candidate: String
        let bcryptHash: String
        if hash.hasPrefix(Self.prefix) {
            candidate = Self.prepared(password)
            bcryptHash = String(hash.dropFirst(Self.prefix.count))
        } else {
            // An older plain bcrypt hash: bcrypt would stop reading at a NUL, so a NUL, or nothing
            // at all, would match a hash made from NULs.
            guard !password.isEmpty, !password.utf8.contains(0) else { return false }
            candidate = password
            bcryptHash = hash
        }
        return (try? await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(candidate, hash: bcryptHash) }) ?? false
    }

    package func needsRehash(_ hash: String) -> Bool {
        guard hash.hasPrefix(Self.prefix) else { return true }
        // "$2b$12$…": the cost is the two digits after the second "$".
        let parts = hash.dropFirst(Self.prefix.count).split(separator: "$")
        return parts.count < 2 || UInt8(parts[1]) != cost
    }
}
