import Synchronization

/// The collections each booted module declared in its manifest: a write by that module to any
/// other is refused with ``UndeclaredCollection``. A module the host never declared (the host's
/// own records, a test's storage) is not held to a list.
package final class CollectionGrants: Sendable {
    private let declared = Mutex<[String: Set<String>]>([:])

    package init() {}

    /// From now on `module` writes only to `collections`.
    package func declare(_ collections: some Sequence<String>, of module: String) {
        let names = Set(collections)
        declared.withLock { $0[module] = names }
    }

    /// Throws when `module` declared its collections and `collection` is not one of them.
    package func checkWrite(module: String, collection: String) throws {
        let allowed = declared.withLock { $0[module].map { $0.contains(collection) } ?? true }
        if !allowed { throw UndeclaredCollection(module: module, collection: collection) }
    }
}

/// A module wrote to a collection its manifest does not declare.
package struct UndeclaredCollection: Error, CustomStringConvertible {
    package let module: String
    package let collection: String

    package init(module: String, collection: String) {
        (self.module, self.collection) = (module, collection)
    }

    package var description: String {
        "module '\(module)' writes to the collection '\(collection)', which its manifest does not declare in collections"
    }
}
