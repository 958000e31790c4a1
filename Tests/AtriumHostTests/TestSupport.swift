import AtriumConfiguration
import AtriumHost
import AtriumSDK
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

#if canImport(Glibc)
    import Glibc

    /// A TCP socket of the C library (Glibc spells `SOCK_STREAM` as an enumeration, Darwin as a number).
    func tcpSocket() -> Int32 { Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0) }
#elseif canImport(Darwin)
    import Darwin

    func tcpSocket() -> Int32 { Darwin.socket(AF_INET, SOCK_STREAM, 0) }
#endif
