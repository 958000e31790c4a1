import Foundation

/// Where the client keeps the last document of each address it showed, with its `ETag`: it
/// revalidates with `If-None-Match`, and shows the kept document, marked not current, when the host
/// cannot answer.
public protocol DocumentStore: Sendable {
    /// The document kept for `address`, if any.
    func document(for address: String) async -> StoredDocument?
    /// Keeps `document` for its address, replacing what was kept.
    func keep(_ document: StoredDocument) async
    /// Forgets every document (after signing out: what was kept was that person's).
    func removeAll() async
    /// Whose documents these are: a digest of the session they were shown to (nil for none), kept
    /// with them, so a client started again knows whether they are still the person's.
    func owner() async -> String?
    /// Records whose documents are kept from now on (after ``removeAll()``, when the session changed).
    func setOwner(_ owner: String?) async
    /// The actions waiting to be sent, oldest first (``PendingAction``).
    func waitingActions() async -> [PendingAction]
    /// Keeps `actions` as the ones waiting, replacing what was kept. ``removeAll()`` forgets them
    /// with the documents: they were the person's too.
    func keepWaiting(_ actions: [PendingAction]) async
}

extension DocumentStore {
    /// A store written before actions could wait keeps none: they wait while the client lives.
    public func waitingActions() async -> [PendingAction] { [] }
    public func keepWaiting(_ actions: [PendingAction]) async {}
}

/// A document as the client keeps it: the bytes the host sent and their tag.
public struct StoredDocument: Sendable, Equatable, Codable {
    /// The path it was shown for.
    public var address: String
    /// The host's `ETag` for it.
    public var entityTag: String
    /// The document's bytes, as sent.
    public var body: Data
    /// When the host last confirmed it.
    public var confirmedAt: Date

    public init(address: String, entityTag: String, body: Data, confirmedAt: Date) {
        self.address = address
        self.entityTag = entityTag
        self.body = body
        self.confirmedAt = confirmedAt
    }
}
