/// Random values from the system's secure generator, provided by the host; tests script them.
public protocol RandomSource: Sendable {
    /// `count` decimal digits, such as a one-time code "0427".
    func digits(_ count: Int) -> String
    /// A random token of `bytes` bytes as URL-safe base64 text, for identifiers nobody may guess.
    func token(bytes: Int) -> String
}
