/// What a page about the visitor's ingredients is worked out from: one load of the data and the
/// ingredients they chose (nil while they use the source's list). Pages with the same basis are the
/// same, so what was worked out for one basis is kept for the next visitor with it.
public struct PantryBasis: Hashable, Sendable {
    public var load: UInt64
    public var chosen: [String]?
}
