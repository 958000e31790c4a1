import AtriumRendering
import AtriumSupport
import Crypto
import NIOCore

/// A page's entity tag (`ETag`), a digest of the very bytes the visitor gets: the first 16 bytes of
/// the SHA-256 of the page without its form token, and, for a page with the visitor's token in it,
/// the first 8 of the token's. So it changes exactly when those bytes do: with the state, the
/// format, the app shell's current link, a new build's markup, and the visitor's token. Made from
/// the bytes, not from the state, it is the same on every host of one build and never confirms a
/// page an upgrade changed; and a tag sent by another visitor is confirmed only when that visitor
/// would get the same bytes (never for a page with a token, which is each visitor's own).
package struct EntityTag: Sendable, Equatable {
    /// The tag as the `ETag` field carries it, quoted.
    package let value: String
    /// The tag's digits, unquoted (a token's tag is made from its page's).
    private let digits: String

    /// The tag of `page`'s bytes without its token: worked out once, when the page cache keeps the page.
    init(of page: RenderedScreen) {
        let hash = page.body(token: nil).withUnsafeReadableBytes { SHA256.hash(data: $0) }
        digits = hash.withUnsafeBytes { HexDigits.string(of: $0, count: 16) }
        value = "\"" + digits + "\""
    }

    /// The tag of `bytes` (a document the host publishes about itself): the first 16 bytes of their SHA-256.
    package init(of bytes: ByteBuffer) {
        let hash = bytes.withUnsafeReadableBytes { SHA256.hash(data: $0) }
        digits = hash.withUnsafeBytes { HexDigits.string(of: $0, count: 16) }
        value = "\"" + digits + "\""
    }

    /// The tag of the bytes of a page tagged `pageTag` with `token` in its places.
    init(_ pageTag: EntityTag, token: String) {
        digits = pageTag.digits + "-" + Self.tokenPart(token)
        value = "\"" + digits + "\""
    }

    /// The token's part of a tag, worked out once for each token seen lately (a visitor's pages all
    /// carry the same token): the first 8 bytes of its SHA-256, in hex.
    static func tokenPart(_ token: String) -> String { recentTokenParts.value(of: token, make: hashed) }

    private static func hashed(_ token: String) -> String {
        SHA256.hash(data: Array(token.utf8)).withUnsafeBytes { HexDigits.string(of: $0, count: 8) }
    }

    private static let recentTokenParts = RecentValues<String>(limit: 4096, longestKey: 64)

    /// Whether `If-None-Match` field values name this tag: `*`, or a list with the tag in it, weak
    /// (`W/`) or strong (the weak comparison RFC 9110 asks of `If-None-Match`). Read as bytes (the
    /// field's separators and a tag's characters are ASCII): taken apart as characters, a field
    /// cost a 304 of a small page 3 % of its CPU; and a field that is this tag alone, as a client
    /// sends back the tag it was given, is one comparison.
    package func isMatched(by fieldValues: [String]) -> Bool {
        let tag = value.utf8
        for field in fieldValues {
            if field == value { return true }
            for candidate in field.utf8.split(separator: UInt8(ascii: ",")) {
                var start = candidate.startIndex
                var end = candidate.endIndex
                while start < end, Self.isWhitespace(candidate[start]) { start = candidate.index(after: start) }
                while start < end, Self.isWhitespace(candidate[candidate.index(before: end)]) { end = candidate.index(before: end) }
                var named = candidate[start..<end]
                if named.elementsEqual("*".utf8) { return true }
                if named.starts(with: "W/".utf8) { named = named.dropFirst(2) }
                if named.elementsEqual(tag) { return true }
            }
        }
        return false
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}
