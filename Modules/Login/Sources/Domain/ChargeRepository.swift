/// Each account's charges, changed one step at a time.
public protocol ChargeRepository: Sendable {
    func charges(of userID: String) async throws -> AccountCharges
    func update(_ userID: String, _ change: @escaping @Sendable (inout AccountCharges) -> Void) async throws
}
