import AtriumSDK
import Foundation

/// Sign-ins started with a provider and not yet back, in the visitor's records, by `state`: each
/// can be finished once, by the session that started it, within 10 minutes.
struct StoredSSOFlows: SSOFlowRepository {
    static let collection = "sso-flows"
    static let lifetime: TimeInterval = 10 * 60

    let records: any RecordStore

    func start(_ flow: SSOFlow, state: String) async throws {
        try await records.save(flow, id: state, in: Self.collection)
    }

    /// The flow `state` names, removed as it is read (a replayed callback finds nothing); nil when
    /// there is none or it is older than 10 minutes.
    func take(state: String, at now: Date) async throws -> SSOFlow? {
        guard !state.isEmpty, state.utf8.count <= 128 else { return nil }
        guard try await records.record(SSOFlow.self, id: state, in: Self.collection) != nil else { return nil }
        let flow = try await records.update(SSOFlow.self, id: state, in: Self.collection) { stored in
            defer { stored = nil }
            return stored
        }
        guard let flow, now.timeIntervalSince(flow.startedAt) <= Self.lifetime, flow.startedAt <= now.addingTimeInterval(60) else { return nil }
        return flow
    }
}
