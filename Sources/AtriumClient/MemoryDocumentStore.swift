/// Keeps documents in memory, for as long as the client lives.
public actor MemoryDocumentStore: DocumentStore {
    private var documents: [String: StoredDocument] = [:]
    private var session: String?

    public init() {}

    public func document(for address: String) -> StoredDocument? { documents[address] }
    public func keep(_ document: StoredDocument) { documents[document.address] = document }
    public func removeAll() { documents.removeAll() }
    public func owner() -> String? { session }
    public func setOwner(_ owner: String?) { session = owner }
}
