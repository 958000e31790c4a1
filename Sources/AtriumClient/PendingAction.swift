import Foundation

/// An action the person made while the host could not be reached (a form sent, a button pressed),
/// kept to be sent when it can be (``AtriumClient/sendWaiting()``). It is sent with its ``id`` as
/// the `Idempotency-Key`, so the host does it once however many times it is sent.
public struct PendingAction: Sendable, Equatable, Codable, Identifiable {
    /// Its key: the same each time it is sent.
    public var id: String
    /// The path it posts to.
    public var address: String
    /// The form's fields, encoded as they are sent.
    public var body: Data
    /// The address of the screen it was made on.
    public var shownOn: String?
    /// What it is, in the person's words: the button's title.
    public var title: String
    /// When the person made it.
    public var madeAt: Date
    /// The session's form token when it was made: sent with it when the client, started again,
    /// has shown no page of the session yet (the session is the same, or what waits was forgotten).
    public var formToken: String?

    public init(id: String, address: String, body: Data, shownOn: String?, title: String, madeAt: Date, formToken: String? = nil) {
        self.id = id
        self.address = address
        self.body = body
        self.shownOn = shownOn
        self.title = title
        self.madeAt = madeAt
        self.formToken = formToken
    }
}
