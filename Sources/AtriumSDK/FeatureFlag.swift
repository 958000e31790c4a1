/// A feature a module can turn on or off per visitor without a new build, declared in its manifest
/// (``ModuleManifest/flags``) and read in a scene with ``SceneContext/isOn(_:)``. The operator sets
/// it under `flags:` as `<module>.<name>`: on, off, a stable share of visitors, or listed users.
public struct FeatureFlag: Sendable, Equatable {
    /// The flag's name within its module (letters and digits, starting with a letter), for example
    /// `missingOne`; the configuration names it `<module>.<name>`.
    public var name: String
    /// What turning it on does, for `atrium flags` and the operator.
    public var description: String
    /// Its value when the configuration does not set it.
    public var defaultValue: Bool

    /// A flag `name` of the module, `defaultValue` unless the operator sets it, described for `atrium flags`.
    public init(_ name: String, description: String, defaultValue: Bool) {
        self.name = name
        self.description = description
        self.defaultValue = defaultValue
    }
}
