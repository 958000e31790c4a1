/// The typed parameters of a route: a struct whose non-optional fields are the `{name}` segments of
/// its pattern and whose optional fields are query items, each a `String`, `Int`, `Double`, `Bool`
/// or `UUID`.
///
/// ```swift
/// struct RecipeNumber: RouteParameters { var id: Int }            // "/cookbook/recipes/{id}"
/// struct MapView: RouteParameters { var lat: Double?; var zoom: Int? }   // "/map?lat=…&zoom=…"
/// ```
///
/// The host checks at boot that the pattern and the fields agree, reads them from each request (a
/// value that does not fit its type is the not-found page), and prints them into links.
public protocol RouteParameters: Codable, Sendable, Equatable {}

/// The parameters of a route that has none.
public struct NoParameters: RouteParameters {
    /// No parameters.
    public init() {}
}
