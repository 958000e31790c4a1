/// A committed change to one of the module's collections, as the host's change feed tells a module
/// that watches it (``ModuleRegistrar/watchChanges(in:_:)``), whichever host made it and whichever
/// database runs.
public struct RecordChange: Sendable, Hashable {
    /// The collection that changed.
    public let collection: String
    /// The record that changed; nil when any record of the collection may have changed (a sign-in
    /// moved a visitor's records, or the host could not vouch for what it missed).
    public let id: String?

    /// A change to `id` of `collection` (nil: any record of it).
    public init(collection: String, id: String?) {
        self.collection = collection
        self.id = id
    }
}
