import AtriumConfiguration
@_spi(AtriumHost) import AtriumHost
@_spi(AtriumHost) import AtriumSDK
import AtriumTestKit
import Foundation

@testable import AtriumFixtures

/// The fixture catalog and configurations shared by the host tests.
enum Fixture {
    static let catalog = FixtureCatalog.modules

    static let notesAndAccounts = """
        modules: [notes, accounts]
        notes:
          greeting: Hello
        """

    static func host(_ yaml: String = notesAndAccounts, environment: [String: String] = [:], directory: URL? = nil) async throws -> TestHost {
        try await TestHost.boot(modules: catalog, configuration: yaml, environment: environment, directory: directory)
    }

    /// The problems a configuration produces, or [] when it is valid.
    static func problems(_ yaml: String, environment: [String: String] = [:]) async throws -> [ConfigurationProblem] {
        do {
            let host = try await host(yaml, environment: environment)
            host.tearDown()
            return []
        } catch let error as ConfigurationError {
            return error.problems
        }
    }
}
