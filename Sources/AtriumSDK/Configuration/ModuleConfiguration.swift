/// A module's section of the configuration file, decoded strictly: unknown and mistyped keys are
/// configuration problems reported before the host serves anything, all at once.
///
/// Declare each setting once, with its default as the property's initial value; a key absent from
/// the file and the environment takes it. Settings without a sensible default are optionals that
/// ``problems()`` asks for when they are needed:
///
/// ```swift
/// public struct Configuration: ModuleConfiguration {
///     /// How long a signed-in session lasts after its last use, in days.
///     public var sessionDays = 30
///     public init() {}
///     public func problems() -> [SettingProblem] {
///         (1...3650).contains(sessionDays) ? [] : [SettingProblem(key: "sessionDays", message: "must be from 1 to 3650 days")]
///     }
/// }
/// ```
public protocol ModuleConfiguration: Codable, Sendable {
    /// Every setting at its default.
    init()
    /// What is wrong with values that decoded (ranges, combinations), each at its key. Empty when
    /// the section is right; the default finds nothing.
    func problems() -> [SettingProblem]
    /// One line saying what each setting does, by its key within the section (`images.provider`),
    /// for `atrium describe` and the configuration's JSON Schema (`atrium schema`).
    static var settingDescriptions: [String: String] { get }
}

extension ModuleConfiguration {
    public func problems() -> [SettingProblem] { [] }
    public static var settingDescriptions: [String: String] { [:] }
}
