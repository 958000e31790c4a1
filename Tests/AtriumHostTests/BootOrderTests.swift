import AtriumSDK
import Testing

@testable import AtriumFixtures
@_spi(AtriumHost) @testable import AtriumHost

@Suite("Boot order", .serialized)
struct BootOrderTests {
    @Test func providersBootBeforeTheModulesThatNeedThem() async throws {
        await BootRecorder.shared.reset()
        let host = try await Fixture.host("modules: [maps, places]\n")
        defer { host.tearDown() }
        #expect(await BootRecorder.shared.order == ["places", "maps"])
        #expect(host.plan.registry.modules.map(\.manifest.id) == ["places", "maps"])
    }

    @Test func shutdownRunsInReverseBootOrder() async throws {
        await BootRecorder.shared.reset()
        let host = try await Fixture.host("modules: [maps, places]\n")
        defer { host.tearDown() }
        let runtime = HostRuntime(plan: host.plan, logger: .init(label: "test"))
        let storage = try await runtime.openStorage()
        await runtime.shutDown(host.plan.registry.modules, storage: storage)
        #expect(await BootRecorder.shared.order == ["places", "maps", "places stopped"])
    }

    @Test func aCycleIsReportedWithItsPath() async throws {
        let problems = try await Fixture.problems("modules: [chicken, egg]\n")
        #expect(problems.count == 1)
        #expect(problems[0].description.contains("chicken → egg → chicken"))
    }
}
