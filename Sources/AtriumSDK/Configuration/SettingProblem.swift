/// A setting of a module's section is wrong: found by the section's ``ModuleConfiguration/problems()``
/// check, or thrown by `register` when what it names cannot be used (a data file that is missing or
/// malformed). The host reports it with the other configuration problems, at its key.
public struct SettingProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key inside the module's section ("licensesFile", "images.baseURL"), or empty for the
    /// section as a whole.
    public var key: String
    /// What is wrong with the value.
    public var message: String
    /// What to do about it, if it can be said.
    public var fix: String?

    /// A problem with the setting `key` of the module's section.
    public init(key: String, message: String, fix: String? = nil) {
        self.key = key
        self.message = message
        self.fix = fix
    }

    /// The key (when there is one), what is wrong, and what to do: `port: 70000 is not a port — use
    /// a number from 1 to 65535`.
    public var description: String {
        let place = key.isEmpty ? "" : "\(key): "
        return place + (fix.map { "\(message) — \($0)" } ?? message)
    }
}
