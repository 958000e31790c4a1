import AtriumSDK

/// The code throttle's counts per client address, in the module's shared records (a restart keeps them).
struct StoredCodeAttempts: CodeAttemptRepository {
    static let collection = "code-attempts"

    let records: any RecordStore

    func update<Result: Sendable>(for address: String, _ change: @escaping @Sendable (inout CodeAttempts) -> Result) async throws -> Result {
        try await records.update(CodeAttempts.self, id: address, in: Self.collection) { stored in
            var attempts = stored ?? CodeAttempts()
            let result = change(&attempts)
            stored = attempts.times.isEmpty ? nil : attempts
            return result
        }
    }
}
