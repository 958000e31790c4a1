@_spi(AtriumHost) import AtriumSDK
import Testing

/// Capabilities and feature flags for scene tests, as the test gives them.
struct TestSceneHost: SceneHost {
    let capabilities: [CapabilityName: (any Sendable)?]
    let flags: [String: Bool]

    func capability<Value>(_ capability: Capability<Value>) -> Value? {
        guard let given = capabilities[capability.name] else {
            Issue.record(
                "the scene asked for the capability '\(capability.name)', which the test did not give: pass capabilities: [.\(capability.name): …] (nil for none)"
            )
            return nil
        }
        return given as? Value
    }

    func isOn(_ flag: FeatureFlag, in context: SceneContext) async throws -> Bool { flags[flag.name] ?? flag.defaultValue }
}

/// The storage of a scene test that gave none: any use fails the test, naming it.
struct UnstubbedRecordStore: RecordStore {
    struct NotStubbed: Error, CustomStringConvertible {
        var description: String { "the scene used context.storage, which the test did not give: pass storage: InMemoryRecordStore()" }
    }

    private func fail() -> NotStubbed {
        let error = NotStubbed()
        Issue.record("\(error)")
        return error
    }

    func record<Record: Decodable & Sendable>(_ type: Record.Type, id: String, in collection: String) async throws -> Record? { throw fail() }
    func save<Record: Encodable & Sendable>(_ record: Record, id: String, in collection: String) async throws { throw fail() }
    func deleteRecord(id: String, in collection: String) async throws { throw fail() }
    func records<Record: Decodable & Sendable>(_ type: Record.Type, in collection: String) async throws -> [Record] { throw fail() }
    func update<Record: Codable & Sendable, Result: Sendable>(
        _ type: Record.Type, id: String, in collection: String, _ change: @escaping @Sendable (inout Record?) throws -> Result
    ) async throws -> Result { throw fail() }
    func transaction<Result: Sendable>(_ body: @escaping @Sendable () async throws -> Result) async throws -> Result { throw fail() }
}
