import PostgresNIO

/// Why the PostgreSQL server cannot be used: it cannot be reached, it refused the login, or the
/// database is missing. Says which server (never the password) and what the server said.
package struct PostgresUnavailable: Error, CustomStringConvertible {
    package var description: String
    package var fix: String

    package init(address: PostgresAddress, error: any Error) {
        let server = "the PostgreSQL server at \(address.host):\(address.port)"
        guard let error = error as? PSQLError else {
            description = "\(server) cannot be used: \(error)"
            fix = "check storage.url"
            return
        }
        let said = error.serverInfo?[.message]
        switch error.serverInfo?[.sqlState] {
        case "28P01", "28000":
            description = "\(server) refused the login of user '\(address.user)': \(said ?? "authentication failed")"
            fix = "check the user and password in storage.url"
        case "3D000":
            description = "\(server) has no database '\(address.database)'"
            fix = "create it (createdb \(address.database)), or name another in storage.url"
        case .some(let state):
            description = "\(server) answered with an error (\(state)): \(said ?? "no message")"
            fix = "check storage.url and the server's log"
        case nil:
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
                let cause = error.underlying.map { " (\(Self.plainCause($0)))" } ?? ""
                description = "\(server) cannot be reached\(cause)"
                fix = "start the server, or check the host and port in storage.url"
            case .sslUnsupported:
                description = "\(server) does not offer TLS, and storage.url requires it"
                fix = "write sslmode=prefer or sslmode=disable in storage.url, or turn on TLS on the server"
            default:
                description = "\(server) cannot be used: \(error.code)"
                fix = "check storage.url"
            }
        }
    }

    /// What a failed connection says, in a few words where it is a common cause.
    static func plainCause(_ error: any Error) -> String {
        let text = String(describing: error)
        let lowered = text.lowercased()
        if lowered.contains("connection refused") { return "connection refused" }
        if lowered.contains("timed out") || lowered.contains("timeout") { return "no answer" }
        if lowered.contains("resolve") || lowered.contains("lookup") || lowered.contains("name or service") { return "unknown host" }
        return text
    }

    package init(address: PostgresAddress, timedOutAfter seconds: Int) {
        description = "the PostgreSQL server at \(address.host):\(address.port) did not answer within \(seconds) s"
        fix = "start the server, or check the host and port in storage.url"
    }
}
