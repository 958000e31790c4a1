import NIOCore

/// A rendered page: its bytes, with the places where the visitor's anti-forgery token goes (a page
/// is the same for everyone with the same state, except that token).
struct RenderedPage: Sendable {
    var bytes: [UInt8] = []
    /// Where the token goes, in order, as offsets into `bytes`.
    var tokenOffsets: [Int] = []

    /// Marks a place for the token.
    mutating func token() { tokenOffsets.append(bytes.count) }

    var hasTokens: Bool { !tokenOffsets.isEmpty }

    /// The page with `token` (already safe for both HTML attributes and JSON strings) in its places.
    func body(token: String?) -> ByteBuffer {
        let token = Array((token ?? "").utf8)
        var buffer = ByteBufferAllocator().buffer(capacity: bytes.count + token.count * tokenOffsets.count)
        var start = 0
        bytes.withUnsafeBufferPointer { all in
            for offset in tokenOffsets {
                buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(all)[start..<offset]))
                buffer.writeBytes(token)
                start = offset
            }
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(all)[start...]))
        }
        return buffer
    }

    /// The page as text, with `token` in its places (tests and `atrium render`).
    func text(token: String?) -> String {
        String(buffer: body(token: token))
    }
}
