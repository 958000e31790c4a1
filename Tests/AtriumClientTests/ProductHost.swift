import AtriumCatalog
import AtriumClient
import AtriumTestKit
import Foundation

/// A host of every module of the product, configured as `Configuration/atrium.yaml` configures
/// `swift run atrium`, for the kit to drive over HTTP.
enum ProductHost {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let configuration = """
        modules: [login, cookbook, pilot, moneybox, mobility]
        pilot:
          licensesFile: \(repository.appending(path: "Configuration/pilot-licenses.json").path)
        cookbook:
          source: embedded
          settingsRoute: profile
        login:
          homeRoute: profile
          mapRoute: map
          code:
            verifier: issued
            delivery: log
        mobility:
          feed: embedded
          sandbox:
            currency: USD

        """

    /// The product's host; offering `languages` when given (else English alone, as the default).
    static func boot(services: TestServices = TestServices(), directory: URL? = nil, languages: [String]? = nil) async throws -> TestHost {
        let offered = languages.map { "localization:\n  languages: [\($0.joined(separator: ", "))]\n" } ?? ""
        return try await TestHost.boot(
            modules: AtriumCatalog.modules, configuration: configuration + offered, directory: directory, services: services)
    }

    /// Boots a host, serves it while `body` drives a client of it, and tears it down.
    static func withClient<Value: Sendable>(
        services: TestServices = TestServices(), _ body: @Sendable (AtriumClient, TestHost) async throws -> Value
    ) async throws -> Value {
        let host = try await boot(services: services)
        defer { host.tearDown() }
        return try await host.serve { base in try await body(AtriumClient(base: base), host) }
    }
}
