import AtriumHost
import AtriumStorage
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `storage.kind`, `storage.url`, `storage.poolSize` and `storage.timeout`, checked before serving, never repeating a
/// password.
@Suite("Storage settings")
struct StorageSettingsTests {
    static let base = "modules: [notes, accounts]\nnotes:\n  greeting: Hi\n"

    @Test func aPostgresURLIsReadWithItsPartsAndShownWithoutItsPassword() throws {
        let address = try PostgresAddress(url: "postgresql://ada%40work:p%40ss:word@[::1]:6543/shop?sslmode=require&schema=tenant_1")
        #expect(address.host == "::1" && address.port == 6543 && address.user == "ada@work" && address.password == "p@ss:word")
        #expect(address.database == "shop" && address.tls == .require && address.schema == "tenant_1")
        #expect(address.description == "postgres://ada@work@[::1]:6543/shop?schema=tenant_1")
        #expect(!address.description.contains("p@ss"))
        let defaults = try PostgresAddress(url: "postgres://atrium@localhost")
        #expect(defaults.port == 5432 && defaults.database == "atrium" && defaults.tls == .prefer && defaults.password == nil)
    }

    @Test(arguments: [
        ("mysql://root:pw@db/x", "starts with 'mysql:', not 'postgres:'"),
        ("postgres://:pw@db/x", "names no user"),
        ("postgres://user:pw@/x", "names no server"),
        ("postgres://user:pw@db:99999/x", "has port 99999"),
        ("postgres://user:pw@db/x/y", "names the database 'x/y'"),
        ("postgres://user:pw@db/x?sslmode=maybe", "has sslmode 'maybe'"),
        ("postgres://user:pw@db/x?schema=Robert');DROP", "has schema"),
        ("postgres://user:pw@db/x?application_name=a", "has the option 'application_name'"),
        ("not a url at all", "is not a URL"),
    ])
    func aBadURLIsRefusedWithWhatToWrite(_ url: String, _ message: String) {
        #expect(throws: PostgresAddress.Invalid.self) { try PostgresAddress(url: url) }
        do {
            _ = try PostgresAddress(url: url)
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
            #expect(!error.description.contains("pw"), "the password is not repeated")
        }
    }

    @Test func eachStorageMistakeIsAProblemWithItsKey() async throws {
        let missing = try await Fixture.problems(Self.base + "storage:\n  kind: postgres\n")
        #expect(missing.map(\.key) == ["storage.url"])
        #expect(missing.first?.description.contains("set STORAGE_URL") == true)

        let unused = try await Fixture.problems(Self.base + "storage:\n  url: postgres://a@b/c\n")
        #expect(unused.map(\.key) == ["storage.url"])
        #expect(unused.first?.description.contains("storage.kind is sqlite") == true)

        let pool = try await Fixture.problems(Self.base + "storage:\n  kind: postgres\n  url: postgres://a@b/c\n  poolSize: 0\n")
        #expect(pool.map(\.key) == ["storage.poolSize"])

        let timeout = try await Fixture.problems(Self.base + "storage:\n  kind: postgres\n  url: postgres://a@b/c\n  timeout: 0\n")
        #expect(timeout.map(\.key) == ["storage.timeout"])
        #expect(timeout.first?.description.contains("from 1 to 300") == true)

        let kind = try await Fixture.problems(Self.base + "storage:\n  kind: mysql\n")
        #expect(kind.map(\.key) == ["storage.kind"])
        #expect(kind.first?.description.contains("sqlite, postgres") == true)
    }

    @Test func aURLFromTheEnvironmentIsNamedButItsPasswordIsNotRepeated() async throws {
        let problems = try await Fixture.problems(
            Self.base + "storage:\n  kind: postgres\n", environment: ["STORAGE_URL": "postgres://ada:hunter2@db/x?sslmode=sometimes"])
        #expect(problems.map(\.key) == ["storage.url"])
        let text = try #require(problems.first?.description)
        #expect(text.contains("the environment sets STORAGE_URL='postgres://ada:•••@db/x?sslmode="))
        #expect(!text.contains("hunter2"))
    }

    @Test func anUnreachableServerIsAProblemAtStorageURLWhenTheHostBoots() async throws {
        let closed = try ClosedPort()
        let problems = try await Fixture.problems(
            Self.base + "storage:\n  kind: postgres\n  url: postgres://atrium:pw@127.0.0.1:\(closed.port)/atrium?sslmode=disable\n")
        #expect(problems.map(\.key) == ["storage.url"])
        #expect(problems.first?.description.contains("cannot be reached (connection refused)") == true, "\(problems)")
    }
}

/// A loopback port nothing listens on.
struct ClosedPort {
    let port: Int

    init() throws {
        let socket = tcpSocket()
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
        port = Int(UInt16(bigEndian: address.sin_port))
    }
}
