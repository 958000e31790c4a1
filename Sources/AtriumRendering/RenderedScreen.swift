import NIOCore

/// A rendered page: its bytes, with the places where the visitor's anti-forgery token goes (a page
/// is the same for everyone with the same state, except that token). The bytes are kept in a
/// `ByteBuffer`, so a page without a token is answered from the cache without a copy.
package struct RenderedScreen: Sendable {
    let buffer: ByteBuffer
    /// Where the token goes, in order, as offsets into the bytes.
    package let tokenOffsets: [Int]

    package init(bytes: [UInt8], tokenOffsets: [Int] = []) {
        buffer = ByteBuffer(bytes: bytes)
        self.tokenOffsets = tokenOffsets
    }

    /// The size of the page without its tokens.
    package var count: Int { buffer.readableBytes }

    package var hasTokens: Bool { !tokenOffsets.isEmpty }

    /// The page with `token` (already safe for both HTML attributes and JSON strings) in its places:
    /// the kept bytes themselves when there is no place for it, a new buffer otherwise.
    package func body(token: String?) -> ByteBuffer {
        guard hasTokens else { return buffer }
        var body = ByteBufferAllocator().buffer(capacity: count + (token?.utf8.count ?? 0) * tokenOffsets.count)
        write(token: token, to: &body)
        return body
    }

    /// Appends the page with `token` in its places to `target` (a live event is framed around it
    /// without a buffer of its own).
    package func write(token: String?, to target: inout ByteBuffer) {
        guard hasTokens else {
            target.writeImmutableBuffer(buffer)
            return
        }
        let token = token ?? ""
        var start = 0
        buffer.withUnsafeReadableBytes { all in
            for offset in tokenOffsets {
                target.writeBytes(UnsafeRawBufferPointer(rebasing: all[start..<offset]))
                target.writeString(token)
                start = offset
            }
            target.writeBytes(UnsafeRawBufferPointer(rebasing: all[start...]))
        }
    }

    /// The page as text, with `token` in its places (tests and `atrium render`).
    func text(token: String?) -> String {
        String(buffer: body(token: token))
    }
}
