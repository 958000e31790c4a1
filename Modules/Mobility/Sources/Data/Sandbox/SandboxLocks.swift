import AtriumSDK

/// The sandbox's reservations, in the module's shared records (one step each, so two riders cannot
/// both take one vehicle).
struct SandboxLocks: VehicleLocks {
    static let collection = "sandbox-reservations"

    let records: any RecordStore
    let clock: any WallClock

    func reserve(_ vehicleID: String, for userID: String) async throws -> Bool {
        let now = clock.now
        return try await records.update(SandboxReservation.self, id: vehicleID, in: Self.collection) { stored in
            guard stored == nil else { return false }
            stored = SandboxReservation(vehicleID: vehicleID, userID: userID, since: now)
            return true
        }
    }

    func release(_ vehicleID: String) async throws {
        try await records.deleteRecord(id: vehicleID, in: Self.collection)
    }
}
