import AtriumSDK
import Foundation

/// What reaches a person who asked for a one-time code: the code, where it goes, until when it
/// works, and the words they read, in the language of the page they asked from (a gateway sends
/// ``text`` as it is, or writes its own in ``language``).
public struct CodeMessage: Sendable, Equatable {
    public var code: String
    public var email: String
    public var expiresAt: Date
    /// The message in the person's language: the code and how long it works.
    public var text: String
    /// The language of ``text`` (a BCP 47 tag such as `es`).
    public var language: String

    /// The words of the message for `code`, working `minutes` minutes.
    static func wording(code: String, minutes: Int) -> Wording {
        "Your Atrium sign-in code is \(code). It works for \(minutes) minutes."
    }
}
