import NIOCore

/// A rendered page: its bytes, with the places where the visitor's anti-forgery token goes (a page
/// is the same for everyone with the same state, except that token). The bytes are kept in a
/// `ByteBuffer`, so a page without a token is answered from the cache without a copy.
struct RenderedPage: Sendable {
    let buffer: ByteBuffer
    /// Where the token goes, in order, as offsets into the bytes.
    let tokenOffsets: [Int]

    init(bytes: [UInt8], tokenOffsets: [Int] = []) {
        buffer = ByteBuffer(bytes: bytes)
        self.tokenOffsets = tokenOffsets
    }

    /// The size of the page without its tokens.
    var count: Int { buffer.readableBytes }

    var hasTokens: Bool { !tokenOffsets.isEmpty }

    /// The page with `token` (already safe for both HTML attributes and JSON strings) in its places:
    /// the kept bytes themselves when there is no place for it, a new buffer otherwise.
    func body(token: String?) -> ByteBuffer {
        guard hasTokens else { return buffer }
        let token = Array((token ?? "").utf8)
        var body = ByteBufferAllocator().buffer(capacity: count + token.count * tokenOffsets.count)
        var start = 0
        buffer.withUnsafeReadableBytes { all in
            for offset in tokenOffsets {
                body.writeBytes(UnsafeRawBufferPointer(rebasing: all[start..<offset]))
                body.writeBytes(token)
                start = offset
            }
            body.writeBytes(UnsafeRawBufferPointer(rebasing: all[start...]))
        }
        return body
    }

    /// The page as text, with `token` in its places (tests and `atrium render`).
    func text(token: String?) -> String {
        String(buffer: body(token: token))
    }
}
