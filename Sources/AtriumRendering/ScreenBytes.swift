/// A page being written by a renderer: its bytes so far and the places marked for the anti-forgery
/// token; ``rendered`` seals it into a ``RenderedScreen``.
struct ScreenBytes {
    var bytes: [UInt8] = []
    /// Where the token goes, in order, as offsets into `bytes`.
    private(set) var tokenOffsets: [Int] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Marks a place for the token.
    mutating func token() { tokenOffsets.append(bytes.count) }

    var rendered: RenderedScreen { RenderedScreen(bytes: bytes, tokenOffsets: tokenOffsets) }
}
