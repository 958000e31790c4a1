/// Keeps documents in memory, for as long as the client lives.
public actor MemoryDocumentStore: DocumentStore {
    private var documents: [String: StoredDocument] = [:]
    private var session: String?
    private var waiting: [PendingAction] = []

    public init() {}

    public func document(for address: String) -> StoredDocument? { documents[address] }
    public func keep(_ document: StoredDocument) { documents[document.address] = document }
    public func removeAll() {
        documents.removeAll()
        waiting.removeAll()
    }
    public func owner() -> String? { session }
    public func setOwner(_ owner: String?) { session = owner }
    // Declared async, as the protocol is: a synchronous one would lose to the protocol's default.
    public func waitingActions() async -> [PendingAction] { waiting }
    public func keepWaiting(_ actions: [PendingAction]) async { waiting = actions }
}
