import AtriumSDK
import Foundation

/// `storage`: where every module's records and the sessions live: the SQLite file at `path` (one
/// host), or the PostgreSQL server at `url` (several hosts behind one load balancer).
package struct StorageSettings: ModuleConfiguration, Equatable {
    package enum Kind: String, Codable, Sendable, CaseIterable {
        case sqlite
        case postgres
    }

    package var kind = Kind.sqlite
    /// The SQLite file (`kind: sqlite`).
    package var path = ".atrium/atrium.sqlite"
    /// `postgres://user:password@host:5432/database` (`kind: postgres`; usually `STORAGE_URL`).
    package var url: String?
    /// How many connections this host opens to PostgreSQL at most.
    package var poolSize = 10
    /// How many seconds one operation may wait for PostgreSQL (a free connection and the answer)
    /// before its request fails with 503.
    package var timeout = 5
    /// Anonymous visitors remembered at most (those who saved something); past it, the visitors not
    /// seen for longest are forgotten with what they saved.
    package var maxVisitors = VisitorLimits().maxVisitors
    /// Records one anonymous visitor may keep.
    package var maxVisitorRecords = VisitorLimits().maxRecords
    /// Bytes (of stored JSON) one anonymous visitor may keep.
    package var maxVisitorBytes = VisitorLimits().maxBytes

    package static let settingDescriptions = [
        "kind": "sqlite: one host, an embedded file; postgres: several hosts on one PostgreSQL server",
        "path": "With sqlite: the database file",
        "url": "With postgres: postgres://user:password@host:5432/database (options sslmode and schema); the password is never logged",
        "poolSize": "With postgres: the most connections this host opens",
        "timeout": "With postgres: the seconds one operation may wait for a connection and the server's answer before its request fails",
        "maxVisitors": "Anonymous visitors who saved something kept at most; past it those not seen for longest are forgotten",
        "maxVisitorRecords": "Records one anonymous visitor may keep",
        "maxVisitorBytes": "Bytes of records one anonymous visitor may keep",
    ]

    /// What anonymous visitors may keep.
    package var visitorLimits: VisitorLimits {
        VisitorLimits(maxVisitors: maxVisitors, maxRecords: maxVisitorRecords, maxBytes: maxVisitorBytes)
    }

    package init() {}
    package init(path: String) { self.path = path }

    package func problems() -> [SettingProblem] {
        var problems: [SettingProblem] = []
        switch kind {
        case .sqlite:
            if path.isEmpty {
                problems.append(SettingProblem(key: "path", message: "is empty", fix: "write a file path such as .atrium/atrium.sqlite"))
            }
            if url != nil {
                problems.append(
                    SettingProblem(
                        key: "url", message: "is set, but storage.kind is sqlite",
                        fix: "write `kind: postgres` to use the server, or remove storage.url"))
            }
        case .postgres:
            guard let url else {
                problems.append(
                    SettingProblem(
                        key: "url", message: "is missing: storage.kind postgres needs a server",
                        fix: "write url: postgres://user:password@host:5432/database, or set STORAGE_URL"))
                break
            }
            do throws(PostgresAddress.Invalid) {
                _ = try PostgresAddress(url: url)
            } catch {
                problems.append(SettingProblem(key: "url", message: error.description, fix: error.fix))
            }
        }
        if !(1...500).contains(poolSize) {
            problems.append(
                SettingProblem(key: "poolSize", message: "is \(poolSize)", fix: "write a number of connections from 1 to 500, such as 10"))
        }
        if !(1...300).contains(timeout) {
            problems.append(SettingProblem(key: "timeout", message: "is \(timeout)", fix: "write a number of seconds from 1 to 300, such as 5"))
        }
        for (key, value) in [("maxVisitors", maxVisitors), ("maxVisitorRecords", maxVisitorRecords), ("maxVisitorBytes", maxVisitorBytes)]
        where value < 1 {
            problems.append(SettingProblem(key: key, message: "is \(value)", fix: "write a number of at least 1"))
        }
        return problems
    }

    /// The server's address, once ``problems()`` found none.
    package var postgresAddress: PostgresAddress? { url.flatMap { try? PostgresAddress(url: $0) } }

    /// What would stop the database from opening at `path`, found before serving: a folder where
    /// the file should be, or a place this user cannot write. `setBy` says where it was set (" (the
    /// environment sets STORAGE_PATH)"), or is empty.
    package func pathProblem(setBy: String) -> SettingProblem? {
        guard kind == .sqlite else { return nil }
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue {
                return SettingProblem(
                    key: "path", message: "'\(path)' is a folder\(setBy)",
                    fix: "name a database file, such as \((path as NSString).appendingPathComponent("atrium.sqlite"))")
            }
            guard files.isWritableFile(atPath: path) else {
                return SettingProblem(
                    key: "path", message: "'\(path)' cannot be written by this user\(setBy)",
                    fix: "give this user write access to it, or name another file")
            }
            return nil
        }
        // The file does not exist yet: the nearest existing folder above it must be writable.
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while !files.fileExists(atPath: folder.path, isDirectory: &isFolder) && folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        guard isFolder.boolValue else {
            return SettingProblem(
                key: "path", message: "'\(folder.path)' in '\(path)' is a file, not a folder\(setBy)", fix: "name a path inside a folder")
        }
        guard files.isWritableFile(atPath: folder.path) else {
            return SettingProblem(
                key: "path", message: "the database cannot be created in '\(folder.path)'\(setBy): this user cannot write there",
                fix: "name a file in a folder this user can write, such as .atrium/atrium.sqlite")
        }
        return nil
    }
}
