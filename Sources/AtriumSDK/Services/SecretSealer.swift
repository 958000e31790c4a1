import Foundation

/// Seals secrets before they are stored (AES-GCM under the host's key, provided by the host): a
/// copy of the database alone reveals none of them, and a changed sealed value never opens.
public protocol SecretSealer: Sendable {
    /// The secret sealed: nonce, ciphertext and tag together.
    func seal(_ secret: Data) throws -> Data
    /// The secret back, or an error when the sealed value was changed or sealed under another key.
    /// Opens what was sealed under any key the host lists (`secrets.keys`), not only the first.
    func open(_ sealed: Data) throws -> Data
    /// Whether `sealed` opens only under a key the host is retiring (not the first it lists): seal
    /// the secret again and store that, so the old key can be removed. False by default.
    func needsResealing(_ sealed: Data) -> Bool
}

extension SecretSealer {
    /// A text secret sealed, as base64 text fit for a record.
    public func seal(_ secret: String) throws -> String {
        try seal(Data(secret.utf8)).base64EncodedString()
    }

    /// A text secret sealed by ``seal(_:)-(String)``.
    public func open(_ sealed: String) throws -> String {
        guard let data = Data(base64Encoded: sealed) else { throw SealedSecretError.malformed }
        return String(decoding: try open(data), as: UTF8.self)
    }

    public func needsResealing(_ sealed: Data) -> Bool { false }

    /// Whether a text secret sealed by ``seal(_:)-(String)`` needs sealing again
    /// (the one of its bytes).
    public func needsResealing(_ sealed: String) -> Bool {
        Data(base64Encoded: sealed).map { needsResealing($0) } ?? false
    }
}

/// A sealed secret that cannot be opened.
public enum SealedSecretError: Error, Sendable, Equatable {
    /// Not something this sealer made.
    case malformed
    /// Changed since it was sealed, or sealed under another key.
    case changedOrForeign
}
