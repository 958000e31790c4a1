import AtriumRendering
import NIOCore
import Synchronization

/// A kept page with a form token as it was last written for a visitor: its bytes with the token in
/// their places and their tag. The visitor who asks for the page again while its state stands gets
/// the same buffer (no copy of the page, however large) and tag (no hashing or joining); another
/// visitor's request writes the page with their token and takes the place. One per kept page with
/// tokens, so it holds at most one copy of each (``RenderCache`` counts it against its byte limit).
final class VisitorCopy: Sendable {
    private struct Written {
        let token: String
        let body: ByteBuffer
        let tag: EntityTag
    }

    private let last = Mutex<Written?>(nil)

    /// `page` (tagged `pageTag` without its token) with `token` in its places, and its tag.
    func body(of page: RenderedScreen, tagged pageTag: EntityTag, token: String) -> (body: ByteBuffer, tag: EntityTag) {
        if let written = last.withLock({ $0 }), written.token == token { return (written.body, written.tag) }
        let written = Written(token: token, body: page.body(token: token), tag: EntityTag(pageTag, token: token))
        last.withLock { $0 = written }
        return (written.body, written.tag)
    }
}
