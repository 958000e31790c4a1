import PostgresNIO

/// What an operator is told of an error from the storage: PostgreSQL's own words (its message
/// and SQLSTATE, as `psql` would print them), never the query, its values or the row a constraint
/// names. PostgresNIO's own description of a `PSQLError` is deliberately generic ("Generic
/// description to prevent accidental leakage…"), which left operators unable to see why deliveries
/// failed; its `detail` and the query are left out here for the same reason it hides them (a unique
/// key's detail holds the row's values, an email say).
package enum StorageErrorText {
    package static func describe(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return String(describing: error) }
        if let message = error.serverInfo?[.message] {
            let severity = error.serverInfo?[.localizedSeverity] ?? error.serverInfo?[.severity] ?? "ERROR"
            let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            let hint = error.serverInfo?[.hint].map { "; hint: \($0)" } ?? ""
            return "PostgreSQL \(severity): \(message)\(state)\(hint)"
        }
        let cause = error.underlying.map { ": \(PostgresUnavailable.plainCause($0))" } ?? ""
        return "PostgreSQL client: \(error.code)\(cause)"
    }

    /// `error`, or for a PostgreSQL error one that says the server's words when printed.
    package static func plain(_ error: any Error) -> any Error {
        error is PSQLError ? DescribedStorageError(error) : error
    }

    /// What a log line says of an error a module's code let through: the server's words for a
    /// storage error, else only the error's type (a module's own error may carry what it was
    /// given, a secret included).
    package static func kind(of error: any Error) -> String {
        error is PSQLError ? describe(error) : String(describing: type(of: error))
    }
}

/// An error from the storage, told in ``StorageErrorText``'s words (for commands that print it).
package struct DescribedStorageError: Error, CustomStringConvertible {
    package let description: String

    package init(_ error: any Error) { description = StorageErrorText.describe(error) }
}
