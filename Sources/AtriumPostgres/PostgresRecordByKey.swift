import AtriumStorage
import Foundation
import NIOCore
import PostgresNIO

/// A record's JSON by its key, as a statement each connection prepares once: the read behind nearly
/// every page, so the server parses and plans it once per connection, not once per page.
struct PostgresRecordByKey: PostgresPreparedStatement {
    static let name = "atrium_record_by_key"
    static let sql = "SELECT json FROM records WHERE module = $1 AND owner = $2 AND collection = $3 AND key = $4"
    typealias Row = Data

    var module: String
    var owner: String
    var collection: String
    var key: ByteBuffer

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(module)
        bindings.append(owner)
        bindings.append(collection)
        bindings.append(key)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Data { try row.decode(Data.self) }
}
