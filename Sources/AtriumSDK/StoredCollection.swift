/// A collection a module keeps records in, declared in its manifest's `collections`: the host
/// refuses a write to a collection the module did not declare, and `atrium describe` and
/// `atrium canvas` list what each module stores.
public struct StoredCollection: Sendable, Equatable {
    /// The collection's name, as the module passes it to ``RecordStore`` (for example "rides").
    public var name: String
    /// What its records are, in a few words (for example "each visitor's rides, ended or not").
    public var holds: String

    /// The collection `name`, whose records are what `holds` says.
    public init(_ name: String, holds: String) {
        self.name = name
        self.holds = holds
    }
}
