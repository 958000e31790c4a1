import AtriumObservability
import AtriumServices
import AtriumSupport
import Crypto
import Foundation

/// An anonymous visitor's cookie, kept by the visitor instead of the database: their id and when
/// it was issued, signed with a key derived from the host key. A first visit to a page with a form
/// writes nothing; the form's anti-forgery token is derived from the visitor id with another derived
/// key, so it is bound to that cookie and no one without the host key can make one.
///
/// Under several host keys (a rotation), a pass or token made under any of them is accepted; a pass
/// made under one but the first is issued again under the first (``verify(_:)`` says so), and the
/// visitor's forms carry the first key's token from then on.
struct VisitorPass: Sendable {
    /// The keys passes are verified with, the one they are signed with first.
    let signingKeys: [SymmetricKey]
    /// The keys forms' tokens are checked with, the one they are made with first.
    let tokenKeys: [SymmetricKey]

    var signingKey: SymmetricKey { signingKeys[0] }
    var tokenKey: SymmetricKey { tokenKeys[0] }

    init(hostKey: HostKey) throws(HostKey.Unavailable) {
        signingKeys = try hostKey.allDerived(for: "visitor pass")
        tokenKeys = try hostKey.allDerived(for: "visitor form token")
    }

    static let prefix = "v1."

    /// A new random visitor id (a version 4 UUID, written as `UUID().uuidString` writes one). Drawn
    /// from the system generator, which asks the kernel in one call, where `UUID()` here opens and
    /// closes /dev/urandom each time; and written here, where Foundation's `uuidString` was 3 % of a
    /// first visit.
    static func newVisitorID() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = (raw[6] & 0x0F) | 0x40
            raw[8] = (raw[8] & 0x3F) | 0x80
            return uuidText(UnsafeRawBufferPointer(raw))
        }
    }

    /// Sixteen bytes as a UUID's text: upper-case hex in groups of 8-4-4-4-12.
    static func uuidText(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            var written = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    buffer[written] = UInt8(ascii: "-")
                    written += 1
                }
                buffer[written] = HexDigits.digit(bytes[index] >> 4, uppercase: true)
                buffer[written + 1] = HexDigits.digit(bytes[index] & 0x0F, uppercase: true)
                written += 2
            }
            return written
        }
    }

    /// The cookie for `visitorID`, issued at `date`.
    func issue(visitorID: String, at date: Date) -> String {
        let payload = "\(visitorID).\(Int(date.timeIntervalSince1970))"
        let mac = HMAC<SHA256>.authenticationCode(for: Array(payload.utf8), using: signingKey)
        return Self.prefix + payload + "." + mac.withUnsafeBytes { Base64URL.encode($0) }
    }

    /// The visitor and issue date of a cookie this host signed, and whether it was signed under a
    /// key being retired (then it is issued again); else nil.
    func verify(_ token: String) -> (visitorID: String, issuedAt: Date, isUnderOldKey: Bool)? {
        guard token.hasPrefix(Self.prefix), token.utf8.count < 256 else { return nil }
        let parts = token.dropFirst(Self.prefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, UUID(uuidString: String(parts[0])) != nil, let seconds = Int(parts[1]),
            let mac = Base64URL.decode(String(parts[2]))
        else { return nil }
        let payload = Data("\(parts[0]).\(parts[1])".utf8)
        guard let index = signingKeys.firstIndex(where: { HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: payload, using: $0) })
        else { return nil }
        return (String(parts[0]), Date(timeIntervalSince1970: Double(seconds)), index != 0)
    }

    /// The anti-forgery token of an anonymous visitor.
    func formToken(for visitorID: String) -> String { formToken(for: visitorID, key: tokenKey) }

    /// The visitor's tokens under the keys being retired: a form shown before a new key was added
    /// still posts.
    func olderFormTokens(for visitorID: String) -> [String] { tokenKeys.dropFirst().map { formToken(for: visitorID, key: $0) } }

    private func formToken(for visitorID: String, key: SymmetricKey) -> String {
        HMAC<SHA256>.authenticationCode(for: Array(visitorID.utf8), using: key).withUnsafeBytes { Base64URL.encode($0) }
    }
}
