import AtriumSDK
import Synchronization

/// A slow salted hash to compare against when there is nothing to compare (no account, no code),
/// so the answer takes as long either way; made on first need, not at boot.
final class DecoyHash: Sendable {
    private let hasher: any PasswordHasher
    private let made = Mutex<String?>(nil)

    init(hasher: any PasswordHasher) { self.hasher = hasher }

    /// Compares `secret` with the decoy, which nothing matches, taking as long as a real check.
    func waste(_ secret: String) async {
        _ = await hasher.verify(secret, against: await hash())
    }

    func hash() async -> String {
        if let hash = made.withLock({ $0 }) { return hash }
        let hash = await hasher.hash("a decoy that no secret matches")
        made.withLock { $0 = $0 ?? hash }
        return hash
    }
}
