import AtriumConfiguration
import Foundation
import Testing

@Suite("The environment a host reads")
struct ProcessEnvironmentTests {
    @Test func theVariablesAreFoundationsOwn() {
        #expect(ProcessEnvironment.variables() == ProcessInfo.processInfo.environment)
    }

    @Test func aKeyInCamelCaseIsReadFromItsVariableAndAVariableThatOnlyLooksLikeTheSectionIsNot() async throws {
        // The section filter (ConfigurationSource.environmentMaySet) must not hide a variable the
        // provider names from several words, nor take another section's letters for this one's.
        let problems = try await Fixture.problems(
            "modules: []\n", environment: ["HTTP_HEAD_TIMEOUT_SECONDS": "soon", "HTTPX_PORT": "70000", "HTTP": "x"])
        #expect(problems.map(\.key) == ["http.headTimeoutSeconds"], "\(problems)")
        #expect(problems.first?.description.contains("the environment sets HTTP_HEAD_TIMEOUT_SECONDS") == true)
    }
}
