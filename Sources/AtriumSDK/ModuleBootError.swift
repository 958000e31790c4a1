/// A module cannot start with the configuration it was given (for example a data file it names is
/// missing or malformed). The host reports it with the configuration problems, at its key.
public struct ModuleBootError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key inside the module's section ("licensesFile"), or empty for the section as a whole.
    public var key: String
    public var message: String
    public var fix: String?

    public init(key: String, message: String, fix: String? = nil) {
        self.key = key
        self.message = message
        self.fix = fix
    }

    public var description: String { fix.map { "\(message) — \($0)" } ?? message }
}
