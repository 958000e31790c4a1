import AtriumSDK

/// The host's password hashing, for the account use cases.
struct HostPasswordHashing: PasswordHashing {
    let hasher: any PasswordHasher

    func hash(_ password: String) async -> String { await hasher.hash(password) }
    func verify(_ password: String, against hash: String) async -> Bool { await hasher.verify(password, against: hash) }
    func needsRehash(_ hash: String) -> Bool { hasher.needsRehash(hash) }
}
