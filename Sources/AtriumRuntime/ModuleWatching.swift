import AtriumSDK
import AtriumStorage
import Synchronization

/// A module's watches on the change feed (``ModuleRegistrar/watchChanges(in:_:)``): what it asked
/// for at registration, started once the storage is open and stopped when the module shuts down
/// (a reload replaced it, or the host stops).
package final class ModuleWatching: Sendable {
    package struct Watch: Sendable {
        var collection: String
        var handler: @Sendable (RecordChange) -> Void
    }

    private let started = Mutex<(feed: ChangeFeed?, ids: [Int])>((nil, []))

    func start(_ watches: [Watch], module: String, on feed: ChangeFeed) {
        let ids = watches.map { feed.watch(module: module, collection: $0.collection, $0.handler) }
        started.withLock { $0 = (feed, $0.ids + ids) }
    }

    package func stop() {
        let (feed, ids) = started.withLock { started in
            defer { started = (nil, []) }
            return started
        }
        feed?.stopWatching(ids)
    }
}
