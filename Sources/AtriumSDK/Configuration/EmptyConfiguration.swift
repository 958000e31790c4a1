/// The configuration of a module that has no settings. Its section may be absent or empty.
public struct EmptyConfiguration: ModuleConfiguration, Equatable {
    public init() {}
}
