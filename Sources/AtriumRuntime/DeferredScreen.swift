import AtriumSDK

/// A screen to render, made on demand: when its scene's state is `Hashable`, `key` names it (the
/// scene and that state), so the host may keep the rendered page and answer the same state again
/// without making or rendering it.
package struct DeferredScreen: Sendable {
    package let key: ScreenKey?
    package let make: @Sendable () -> Screen
    /// How often a live stream of it renders again besides on changes (``Scene/liveRefresh(for:)``).
    package let liveRefresh: Duration?

    package init(key: ScreenKey?, liveRefresh: Duration? = nil, make: @escaping @Sendable () -> Screen) {
        self.key = key
        self.liveRefresh = liveRefresh
        self.make = make
    }

    /// A screen already made, never kept.
    package init(_ screen: Screen) {
        self.init(key: nil, make: { screen })
    }
}
