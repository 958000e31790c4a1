@_spi(AtriumHost) import AtriumSDK

/// The current owner's records: the signed-in user's if there is one, else the visitor's. The owner
/// is looked up on first use, so a scene that stores nothing creates no session.
struct OwnerRecordStore: ForwardingRecordStore {
    let storage: SQLiteStorage
    let module: String
    let session: RequestSession

    func target() async throws -> any RecordStore {
        if let userID = await session.userID {
            return storage.records(module: module, owner: .user(userID))
        }
        return storage.records(module: module, owner: .visitor(try await session.visitorID()))
    }
}
