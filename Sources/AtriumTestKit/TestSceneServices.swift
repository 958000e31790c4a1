import AtriumSDK

/// Use cases, capabilities and route paths for view-model tests, given by the test.
public struct TestSceneServices: SceneServices {
    var factories: [ObjectIdentifier: @Sendable (SceneContext) throws -> any Sendable]
    var capabilities: [CapabilityName: any Sendable]
    var routes: [RouteName: RoutePattern]

    public init(
        factories: [UseCaseReplacement] = [],
        capabilities: [CapabilityName: any Sendable] = [:],
        routes: [RouteName: String] = [:]
    ) {
        self.factories = Dictionary(factories.map { ($0.type, $0.factory.make) }, uniquingKeysWith: { _, last in last })
        self.capabilities = capabilities
        self.routes = routes.compactMapValues { try? RoutePattern($0) }
    }

    public func make<UseCase: Sendable>(_ type: UseCase.Type, in context: SceneContext) throws -> UseCase {
        guard let make = factories[ObjectIdentifier(type)], let made = try make(context) as? UseCase else {
            throw TestSceneServicesError.noFactory(String(describing: type))
        }
        return made
    }

    public func capability<Value>(_ capability: Capability<Value>) -> Value? {
        capabilities[capability.name] as? Value
    }

    public func path(for route: RouteName, parameters: [String: String]) -> String? {
        routes[route]?.path(with: parameters)
    }
}
