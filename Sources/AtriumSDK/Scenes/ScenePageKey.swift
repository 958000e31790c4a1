/// What names the page a scene's state makes, for the host's page cache: the state itself when it
/// is `Hashable`, its ``IdentifiedState/pageIdentity`` when it has one. ``ModuleRegistrar``'s
/// `scene(_:make:)` picks it where the module calls it, from the state's type as the compiler knows
/// it: found at run time, each scene's state type cost two protocol-conformance searches of the
/// whole program at boot (5 % of a boot's work).
@_spi(AtriumHost) public struct ScenePageKey<State>: Sendable {
    /// The state's page name.
    public let name: @Sendable (State) -> any Hashable & Sendable

    /// The state itself names its page.
    public static func itself() -> ScenePageKey<State> where State: Hashable & Sendable {
        ScenePageKey { $0 }
    }

    /// The state's ``IdentifiedState/pageIdentity`` names its page.
    public static func identity() -> ScenePageKey<State> where State: IdentifiedState {
        ScenePageKey { $0.pageIdentity }
    }
}
