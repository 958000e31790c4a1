import AtriumStorage
import PostgresNIO

/// A live session by its token's hash, as a statement each connection prepares once (every signed-in
/// page reads it).
struct PostgresSessionByHash: PostgresPreparedStatement {
    static let name = "atrium_session_by_hash"
    static let sql = """
        SELECT visitor_id, user_id, csrf_token, previous_csrf_token, expires_at, lifetime, replaced_at
        FROM sessions WHERE token_hash = $1 AND expires_at > $2
        """
    typealias Row = SessionRecord

    var hash: String
    var current: Double

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(hash)
        bindings.append(current)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> SessionRecord {
        let (visitorID, userID, csrfToken, previousCSRFToken, expiresAt, lifetime, replacedAt) = try row.decode(
            (String, String?, String, String?, Double, Double, Double?).self)
        return SessionRecord(
            visitorID: visitorID, userID: replacedAt == nil ? userID : nil, csrfToken: csrfToken, previousCSRFToken: previousCSRFToken,
            expiresAt: expiresAt, lifetime: lifetime, isReplaced: replacedAt != nil)
    }
}
