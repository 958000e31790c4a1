import Foundation

/// What an action answered the first time its `Idempotency-Key` was sent, as kept to answer a
/// repeat: the status, where a redirect led, the body and the fields that say what it is. Cookies
/// are not kept: a repeat is answered what the first request's page or redirect was, not handed
/// the session that request may have begun (its cookie went to whoever sent it first).
package struct StoredOutcome: Sendable, Equatable {
    package var status: Int
    package var location: String?
    /// The body's `Content-Type`, when it has a body.
    package var contentType: String?
    /// An endpoint's own fields, one `name: value` a line.
    package var fieldLines: String?
    package var body: Data

    package init(status: Int, location: String? = nil, contentType: String? = nil, fieldLines: String? = nil, body: Data = Data()) {
        self.status = status
        self.location = location
        self.contentType = contentType
        self.fieldLines = fieldLines
        self.body = body
    }
}
