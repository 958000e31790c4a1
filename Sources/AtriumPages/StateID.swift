import AtriumSupport
import Crypto
import NIOCore

/// The id of a page's state: the first 16 bytes of the SHA-256 of its JSON document (without its
/// form token), in hexadecimal. The same state has the same id on every host: a page names the
/// state it shows with it (`data-state`), and a live stream's events carry it.
package enum StateID {
    package static func of(_ document: ByteBuffer) -> String {
        let hash = document.withUnsafeReadableBytes { SHA256.hash(data: $0) }
        return hash.withUnsafeBytes { HexDigits.string(of: $0, count: 16) }
    }
}
