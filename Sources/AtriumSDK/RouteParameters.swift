/// The decoded parameters of the route that matched a request. Their types were checked before the
/// scene ran, so reading a declared parameter with its declared type cannot fail.
public struct RouteParameters: Sendable, Equatable {
    public var values: [String: String]

    public init(_ values: [String: String] = [:]) { self.values = values }

    public subscript(name: String) -> String? { values[name] }

    public func int(_ name: String) throws(MissingRouteParameter) -> Int {
        guard let text = values[name], let value = Int(text) else { throw MissingRouteParameter(name: name) }
        return value
    }

    public func string(_ name: String) throws(MissingRouteParameter) -> String {
        guard let value = values[name] else { throw MissingRouteParameter(name: name) }
        return value
    }
}
