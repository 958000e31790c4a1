@_spi(AtriumHost) import AtriumSDK

extension RoutePattern {
    /// The pattern as Hummingbird's router and OpenAPI spell it: `/cookbook/recipes/{id}`.
    var routerPath: String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .parameter(let name, _): "{\(name)}"
                }
            }.joined(separator: "/")
    }
}

extension RouteRegistration {
    /// The route's pattern as Hummingbird's router spells it: `/cookbook/recipes/{id}`.
    package var routerPath: String { pattern.routerPath }
}
