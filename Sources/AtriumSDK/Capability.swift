/// A typed key for a capability: the name modules declare in their manifests, and the type of the
/// value its provider registers.
public struct Capability<Value: Sendable>: Sendable {
    public let name: CapabilityName

    public init(_ name: CapabilityName) { self.name = name }
}

extension Capability where Value == any CurrentUserProvider {
    /// Resolves the signed-in user of a session.
    public static var currentUser: Self { Capability(.currentUser) }
}
