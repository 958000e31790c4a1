import Foundation

/// Where a PostgreSQL server is and how to log in, read from `storage.url`
/// (`postgres://user:password@host:5432/database?sslmode=prefer&schema=name`). Its description
/// never shows the password.
package struct PostgresAddress: Sendable, Equatable, CustomStringConvertible {
    package enum TLSMode: String, Sendable, CaseIterable { case disable, prefer, require }

    package var host: String
    package var port: Int
    package var user: String
    package var password: String?
    package var database: String
    package var tls: TLSMode
    /// The schema the host's tables live in (created when missing); nil for the server's default.
    package var schema: String?

    /// Why a `storage.url` cannot be used, with what to write instead; never quotes the password.
    package struct Invalid: Error, Equatable, CustomStringConvertible {
        package var description: String
        package var fix: String
    }

    package init(url text: String) throws(Invalid) {
        let example = "write postgres://user:password@host:5432/database"
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw Invalid(description: "is not a URL", fix: example)
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw Invalid(description: "starts with '\(scheme):', not 'postgres:'", fix: example)
        }
        guard let host = components.host, !host.isEmpty else { throw Invalid(description: "names no server", fix: example) }
        guard let user = components.user, !user.isEmpty else { throw Invalid(description: "names no user", fix: example) }
        if let port = components.port, !(1...65_535).contains(port) {
            throw Invalid(description: "has port \(port), outside 1–65535", fix: example)
        }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !path.contains("/") else { throw Invalid(description: "names the database '\(path)', which has a '/'", fix: example) }
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        self.port = components.port ?? 5432
        self.user = user
        self.password = components.password
        self.database = path.isEmpty ? user : path
        var tls = TLSMode.prefer
        var schema: String?
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                    throw Invalid(
                        description: "has sslmode '\(item.value ?? "")'",
                        fix: "write sslmode=\(TLSMode.allCases.map(\.rawValue).joined(separator: ", sslmode="))")
                }
                tls = mode
            case "schema":
                guard let name = item.value, Self.isPlainName(name) else {
                    throw Invalid(
                        description: "has schema '\(item.value ?? "")'",
                        fix: "name a schema of lowercase letters, digits and _ (up to 63), starting with a letter")
                }
                schema = name
            default:
                throw Invalid(description: "has the option '\(item.name)', which Atrium does not know", fix: "use only sslmode and schema")
            }
        }
        self.tls = tls
        self.schema = schema
    }

    /// A name that needs no quoting in SQL: a lowercase letter or `_`, then lowercase letters,
    /// digits and `_`, at most 63 bytes.
    static func isPlainName(_ name: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "_") }
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= 63, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The address without its password, for logs and messages.
    package var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)@\(shownHost):\(port)/\(database)\(schema.map { "?schema=\($0)" } ?? "")"
    }
}
