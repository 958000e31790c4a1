import AtriumSupport
import Crypto
import Foundation

/// PKCE's `S256` challenge (RFC 7636 §4.2): base64url(SHA-256(ASCII(verifier))).
enum PKCEChallenge {
    static func s256(_ verifier: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Data(verifier.utf8))))
    }
}
