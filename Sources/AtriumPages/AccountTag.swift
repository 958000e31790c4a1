import AtriumSupport
import Crypto

/// A signed-in person's page says whose it is (`Atrium-Account`), for the web app's worker: it
/// keeps a copy of a page for the one it was for, and offline shows it to them alone. The worker
/// cannot read the session cookie (HttpOnly), and this tells it nothing else: 16 hex digits of a
/// digest of the account's id, not the id.
enum AccountTag {
    /// The tags of the accounts seen lately: a signed-in page is asked for again and again.
    private static let recent = RecentValues<String>(limit: 4096, longestKey: 256)

    static func of(_ userID: String) -> String { recent.value(of: userID, make: digest) }

    private static func digest(_ userID: String) -> String {
        var hash = SHA256()
        hash.update(data: Array("atrium-account:".utf8))
        hash.update(data: Array(userID.utf8))
        return hash.finalize().withUnsafeBytes { HexDigits.string(of: $0, count: 8) }
    }
}
