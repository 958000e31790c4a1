import AtriumHost
import AtriumRuntime
import AtriumServices
import HummingbirdBcrypt
import Testing

@Suite("Password hashing")
struct PasswordHasherTests {
    let hasher = BcryptPasswordHasher(cost: 4)

    @Test func everyByteCountsPastBcryptsSeventyTwo() async {
        let hash = await hasher.hash(String(repeating: "A", count: 72) + "first")
        #expect(await hasher.verify(String(repeating: "A", count: 72) + "first", against: hash))
        #expect(!(await hasher.verify(String(repeating: "A", count: 72) + "different", against: hash)))
        #expect(!(await hasher.verify(String(repeating: "A", count: 72), against: hash)))
    }

    @Test func aNULIsACharacterLikeAnyOther() async {
        let hash = await hasher.hash(String(repeating: "\u{0}", count: 12))
        #expect(!(await hasher.verify("", against: hash)))
        #expect(!(await hasher.verify("\u{0}", against: hash)))
        #expect(await hasher.verify(String(repeating: "\u{0}", count: 12), against: hash))
    }

    @Test func hashesAreSaltedAndMarkedWithTheirFormat() async {
        let first = await hasher.hash("correct horse battery")
        let second = await hasher.hash("correct horse battery")
        #expect(first != second)
        #expect(first.hasPrefix("$hmac-sha256$2b$04$"))
        #expect(!hasher.needsRehash(first))
        #expect(BcryptPasswordHasher(cost: 12).needsRehash(first), "a cost change asks for a new hash")
    }

    @Test func olderPlainBcryptHashesStillVerifyButNotWithANUL() async {
        let legacy = Bcrypt.hash("correct horse battery", cost: 4)
        #expect(await hasher.verify("correct horse battery", against: legacy))
        #expect(!(await hasher.verify("wrong horse battery", against: legacy)))
        #expect(hasher.needsRehash(legacy))
        let legacyNULs = Bcrypt.hash(String(repeating: "\u{0}", count: 12), cost: 4)
        #expect(!(await hasher.verify("", against: legacyNULs)), "bcrypt read the NULs as the empty password")
    }

    @Test func aMalformedStoredHashNeverMatches() async {
        #expect(!(await hasher.verify("anything", against: "")))
        #expect(!(await hasher.verify("anything", against: "$hmac-sha256")))
        #expect(!(await hasher.verify("anything", against: "not a hash")))
    }
}
