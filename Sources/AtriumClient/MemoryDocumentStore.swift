/// Keeps documents in memory, for as long as the client lives.
public actor MemoryDocumentStore: DocumentStore {
    private var documents: [String: StoredDocument] = [:]

    public init() {}

    public func document(for address: String) -> StoredDocument? { documents[address] }
    public func keep(_ document: StoredDocument) { documents[document.address] = document }
    public func removeAll() { documents.removeAll() }
}
