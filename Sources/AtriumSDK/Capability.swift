/// A typed key for a capability: the name modules declare in their manifests, and the type of the
/// value its provider registers.
public struct Capability<Value: Sendable>: Sendable {
    /// The name the manifests use for it.
    public let name: CapabilityName

    /// The capability called `name`.
    public init(_ name: CapabilityName) { self.name = name }
}

extension Capability where Value == any CurrentUserProvider {
    /// Resolves the signed-in user of a session.
    public static var currentUser: Self { Capability(.currentUser) }
}
