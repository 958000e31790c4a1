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
            "modules: []\n",
            environment: [
                "HTTP_HEAD_TIMEOUT_SECONDS": "soon", "HTTPX_PORT": "70000", "HTTP": "x",
                // The section's letters with underscores between them, and in lower case: neither is the provider's name.
                "H_T_T_P_PORT": "70000", "http_port": "70000",
            ])
        #expect(problems.map(\.key) == ["http.headTimeoutSeconds"], "\(problems)")
        #expect(problems.first?.description.contains("the environment sets HTTP_HEAD_TIMEOUT_SECONDS") == true)
    }

    @Test func aSectionNoVariableCouldNameIsReadFromTheFileAlone() async throws {
        // LOGGING_LEVEL begins with LOG but is not log.level's variable; LOCALIZATION_DEFAULT is
        // another section's. Neither may reach log.level, and log's values come from the file.
        let problems = try await Fixture.problems(
            "modules: []\nlog:\n  level: loud\n", environment: ["LOGGING_LEVEL": "debug", "LOCALIZATION_DEFAULT": "xx"])
        #expect(problems.map(\.key).contains("log.level"), "\(problems)")
        #expect(problems.first { $0.key == "log.level" }?.description.contains("environment") == false, "\(problems)")
    }
}
