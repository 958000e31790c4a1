/// Tables a layer above storage keeps in the host's database, made by
/// numbered steps applied once each, as the host's own tables are: on SQLite with the host's
/// migrator (GRDB), on PostgreSQL under the migration lock with a mark in `atrium_schema`. The
/// steps' ids share one namespace with the host's own.
package struct StorageSchema: Sendable {
    package struct Step: Sendable {
        package var id: String
        package var statements: [String]

        package init(id: String, statements: [String]) {
            self.id = id
            self.statements = statements
        }
    }

    package var sqlite: [Step]
    package var postgres: [Step]

    package init(sqlite: [Step], postgres: [Step]) {
        self.sqlite = sqlite
        self.postgres = postgres
    }
}
