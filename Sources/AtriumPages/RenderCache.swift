import AtriumRendering
import AtriumRuntime
import AtriumSDK
import NIOCore
import Synchronization

/// Rendered screens by scene, state and format: a page is made and rendered once for a state and
/// then answered from memory (with the visitor's token put in) until it falls out, least recently
/// used first, when the cache holds more than `capacity` pages or `byteLimit` bytes. Each page is
/// kept with the tag of its bytes (``EntityTag``), worked out once, when it is rendered, and a page
/// with form tokens with its last writing for a visitor (``VisitorCopy``), counted twice against
/// the byte limit.
package final class RenderCache: Sendable {
    /// A page and the tag of its bytes without its token.
    package struct Entry: Sendable {
        let page: RenderedScreen
        let tag: EntityTag
        /// Whether this answer was drawn just now rather than found kept (for the trace).
        var isFresh = false
        /// For a kept page with tokens: its last writing with a visitor's token.
        private let written: VisitorCopy?

        init(_ page: RenderedScreen, isKept: Bool = false) {
            self.page = page
            tag = EntityTag(of: page)
            written = isKept && page.hasTokens ? VisitorCopy() : nil
        }

        /// The page with `token` in its places (none: empty places) and the tag of those bytes.
        func body(token: String?) -> (body: ByteBuffer, tag: EntityTag) {
            guard let token, page.hasTokens else { return (page.body(token: token), tag) }
            guard let written else { return (page.body(token: token), EntityTag(tag, token: token)) }
            return written.body(of: page, tagged: tag, token: token)
        }

        /// What the page costs the cache's byte limit: a page with tokens is kept twice.
        var cost: Int { written == nil ? page.count : page.count * 2 }
    }

    package struct Key: Hashable, Sendable {
        let screen: ScreenKey
        let format: ResponseFormat
        /// The app shell's current link (HTML only).
        var shell: AppShell.Mark? = nil
        /// Whether the page names its state for live streams (HTML answering a GET only).
        var namesState = false
        /// The scene schema's version (JSON only: 0 for other formats).
        var schema = 0
        /// The page's language, where more than one is offered.
        var language: String? = nil
    }

    private struct Slot {
        var entry: Entry
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Slot] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    let capacity: Int
    let byteLimit: Int
    private let state = Mutex(State())

    package init(capacity: Int = 1024, byteLimit: Int = 32 * 1024 * 1024) {
        self.capacity = capacity
        self.byteLimit = byteLimit
    }

    /// The page for `key`, rendered by `make` when it is not kept (outside the lock: two requests
    /// for a new state may both render it, and the second is kept).
    func page(for key: Key, make: () -> RenderedScreen) -> Entry {
        let kept: Entry? = state.withLock { state in
            state.clock += 1
            guard let index = state.entries.index(forKey: key) else { return nil }
            state.entries.values[index].lastUse = state.clock
            let kept = state.entries.values[index].entry
            // Kept under an equal key made by another load: kept again under this one, which the
            // answers after it (``LoadCache``) bring, so they compare by identity, not by state.
            if !state.entries.keys[index].screen.isIdentical(to: key.screen) {
                state.entries.remove(at: index)
                state.entries[key] = Slot(entry: kept, lastUse: state.clock)
            }
            return kept
        }
        if let kept { return kept }
        var page = Entry(make(), isKept: true)
        page.isFresh = true
        guard page.cost <= byteLimit / 4 else { return page }
        state.withLock { state in
            state.clock += 1
            var stored = page
            stored.isFresh = false
            if let old = state.entries.updateValue(Slot(entry: stored, lastUse: state.clock), forKey: key) { state.bytes -= old.entry.cost }
            state.bytes += page.cost
            if state.entries.count > capacity || state.bytes > byteLimit { Self.evict(&state, capacity: capacity, byteLimit: byteLimit) }
        }
        return page
    }

    /// Drops the least recently used quarter, then more until within both limits.
    private static func evict(_ state: inout State, capacity: Int, byteLimit: Int) {
        let oldestFirst = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }
        var index = 0
        let quarter = max(state.entries.count / 4, 1)
        while index < oldestFirst.count && (index < quarter || state.entries.count > capacity || state.bytes > byteLimit) {
            let (key, entry) = oldestFirst[index]
            state.entries[key] = nil
            state.bytes -= entry.entry.cost
            index += 1
        }
    }

    var count: Int { state.withLock { $0.entries.count } }
}
