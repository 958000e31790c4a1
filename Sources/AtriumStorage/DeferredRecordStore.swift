import AtriumSDK
import Synchronization

/// A module's shared records, handed to the module at registration (for capabilities and shared use
/// cases) and connected to the database when the host opens its storage.
package final class DeferredRecordStore: ForwardingRecordStore {
    struct NotOpen: Error, CustomStringConvertible {
        var module: String
        var description: String { "the storage of module '\(module)' is not open yet" }
    }

    let module: String
    private let store = Mutex<(any RecordStore)?>(nil)

    package init(module: String) { self.module = module }

    package func connect(to records: any RecordStore) { store.withLock { $0 = records } }

    package func target() throws -> any RecordStore {
        guard let records = store.withLock({ $0 }) else { throw NotOpen(module: module) }
        return records
    }
}
