import AtriumStorage
import AtriumSupport
import Crypto
import NIOCore

/// The key a client sends with an action so that sending it twice does it once: the
/// `Idempotency-Key` header, or (from a browser's form, where the page's script adds it on submit)
/// the form field `_idempotency`. One to 255 visible ASCII characters; a client makes a new random
/// one for each action it means (a UUID), and sends the same one again when it does not know
/// whether the first arrived.
package struct IdempotencyKey: Sendable, Equatable {
    package let text: String

    /// The form field that carries a key.
    package static let formField = "_idempotency"

    /// The longest key taken.
    package static let longest = 255

    /// `text` as a key; nil when it is empty, too long, or holds a character outside visible ASCII.
    package init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= Self.longest, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        self.text = text
    }

    /// What the key is told apart within: a signed-in person's account, else the visitor (whose id
    /// stays the same across sign-in). Two owners never see each other's outcomes.
    package static func owner(of session: SessionRecord) -> String {
        if let userID = session.userID { return "account:" + userID }
        return "visitor:" + session.visitorID
    }

    /// Who a key belongs to where there is no session (an endpoint's caller): the credential it
    /// sends (a digest of its `Authorization`, never the credential itself), else its address.
    package static func owner(credential: String?, address: String) -> String {
        guard let credential else { return "address:" + address }
        return "credential:" + SHA256.hash(data: Array(credential.utf8)).withUnsafeBytes { HexDigits.string(of: $0, count: 16) }
    }

    /// What an action is, told apart from another sent with the same key: its method and address,
    /// and its body without the anti-forgery token and the key (a form posted again after the page
    /// was loaded anew carries another token). A form's fields are compared in any order.
    package static func fingerprint(method: String, target: String, body: ByteBuffer?, isJSON: Bool) -> String {
        var hash = SHA256()
        hash.update(data: Array(method.utf8))
        hash.update(data: [0])
        hash.update(data: Array(target.utf8))
        hash.update(data: [0])
        if let body {
            let bytes = body.readableBytesView
            if isJSON {
                hash.update(data: Array(bytes))
            } else {
                let pairs = bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).filter { pair in
                    let name = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false).first ?? pair[...]
                    return !name.elementsEqual("_csrf".utf8) && !name.elementsEqual(formField.utf8)
                }
                for pair in pair(sorted: pairs) {
                    hash.update(data: Array(pair))
                    hash.update(data: [UInt8(ascii: "&")])
                }
            }
        }
        return hash.finalize().withUnsafeBytes { HexDigits.string(of: $0, count: 16) }
    }

    private static func pair(sorted pairs: [ByteBufferView.SubSequence]) -> [ByteBufferView.SubSequence] {
        pairs.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
