import AtriumHost
import AtriumPostgres
import AtriumStorage
import Crypto
import Foundation
import Logging

/// Which database the tests' hosts use. SQLite always works; PostgreSQL needs a server, named by
/// `ATRIUM_TEST_POSTGRES_URL` (`bash Tests/run-all.sh` starts a throwaway one). With
/// `ATRIUM_TEST_STORAGE=postgres` every ``TestHost`` runs on it, each in a schema of its own, so
/// the whole suite runs against either backend.
public enum TestStorage: String, Sendable, CaseIterable {
    /// SQLite in a temporary folder.
    case sqlite
    /// PostgreSQL, in a schema of its own on the server named by `ATRIUM_TEST_POSTGRES_URL`.
    case postgres

    /// The server the tests may use, if any.
    public static var postgresURL: String? {
        ProcessInfo.processInfo.environment["ATRIUM_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The backends these tests can reach: SQLite, and PostgreSQL when a server is named.
    public static var available: [TestStorage] { postgresURL == nil ? [.sqlite] : [.sqlite, .postgres] }

    /// The backend every ``TestHost`` boots on (`ATRIUM_TEST_STORAGE`, SQLite by default).
    public static var forHosts: TestStorage {
        switch ProcessInfo.processInfo.environment["ATRIUM_TEST_STORAGE"] {
        case nil, "", "sqlite": return .sqlite
        case "postgres":
            precondition(postgresURL != nil, "ATRIUM_TEST_STORAGE=postgres needs ATRIUM_TEST_POSTGRES_URL (bash Tests/run-all.sh starts a server)")
            return .postgres
        case let other?: preconditionFailure("ATRIUM_TEST_STORAGE is '\(other)': write sqlite or postgres")
        }
    }

    /// The `storage:` section for a host whose files live in `directory`: a database file there, or
    /// a schema of its own on the server, named after the folder (a host booted again on the same
    /// folder finds the same data).
    public func section(for directory: URL) -> String {
        switch self {
        case .sqlite:
            return "storage:\n  path: \(directory.appending(path: "atrium.sqlite").path)\n"
        case .postgres:
            return
                "storage:\n  kind: postgres\n  poolSize: 4\n  timeout: \(Self.timeout)\n  url: \"\(Self.url(schema: Self.schema(for: directory)))\"\n"
        }
    }

    /// Opens an empty storage of this kind named `name` (several opens with one name are several
    /// hosts on one database).
    package func open(name: String) async throws -> any HostStorage {
        let directory = FileManager.default.temporaryDirectory.appending(path: "atrium-storage-\(name)")
        switch self {
        case .sqlite:
            return try SQLiteStorage(path: directory.appending(path: "atrium.sqlite").path)
        case .postgres:
            var logger = Logger(label: "atrium-test-storage")
            logger.logLevel = .critical
            let address = try PostgresAddress(url: Self.url(schema: Self.schema(for: directory)))
            return try await PostgresStorage.open(address: address, poolSize: 4, timeout: .seconds(Self.timeout), logger: logger)
        }
    }

    /// Seconds a test's storage operation may wait for the server: the whole suite runs in
    /// parallel, and on a loaded machine a pool of four can be busy for longer than a host's
    /// default. A server that is really down is tested with its own, shorter timeout.
    static let timeout = 60

    static func schema(for directory: URL) -> String {
        let digest = SHA256.hash(data: Data(directory.standardizedFileURL.path.utf8))
        return "test_" + digest.prefix(12).map { String(format: "%02x", $0) }.joined()
    }

    static func url(schema: String) -> String {
        guard let base = postgresURL else { preconditionFailure("no PostgreSQL server: set ATRIUM_TEST_POSTGRES_URL") }
        return base + (base.contains("?") ? "&" : "?") + "schema=\(schema)"
    }
}
