import AtriumStorage
import Foundation
import PostgresNIO

/// Every record of a collection in id order, as a statement each connection prepares once.
struct PostgresRecordsOfCollection: PostgresPreparedStatement {
    static let name = "atrium_records_of_collection"
    static let sql = "SELECT json FROM records WHERE module = $1 AND owner = $2 AND collection = $3 ORDER BY id"
    typealias Row = Data

    var module: String
    var owner: String
    var collection: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 3)
        bindings.append(module)
        bindings.append(owner)
        bindings.append(collection)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Data { try row.decode(Data.self) }
}
