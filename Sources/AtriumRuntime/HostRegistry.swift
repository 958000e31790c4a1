import AtriumRendering
@_spi(AtriumHost) import AtriumSDK
import AtriumStorage

/// The central registry: every booted module's scenes, routes, capabilities and
/// assets, in boot order.
package struct HostRegistry: Sendable {
    package let modules: [BootedModule]
    package let capabilities: [CapabilityName: any Sendable]
    package let assets: [String: AssetRegistration]
    /// Named routes by name; a name bound by both a GET and a POST route resolves to the GET one.
    package let namedRoutes: [RouteName: RouteRegistration]
    /// Each module's linkable route names (``linkableNames(of:)``), worked out once: every page a
    /// module renders asks.
    private let linkable: [String: Set<RouteName>]

    package init(modules: [BootedModule], capabilities: [CapabilityName: any Sendable], assets: [AssetRegistration]) {
        self.modules = modules
        self.capabilities = capabilities
        self.assets = Dictionary(assets.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        self.routes = modules.flatMap(\.routes)
        var named: [RouteName: RouteRegistration] = [:]
        for route in modules.flatMap(\.routes) {
            guard let name = route.name else { continue }
            if named[name] == nil || route.method == .get { named[name] = route }
        }
        self.namedRoutes = named
        self.linkable = Dictionary(
            modules.map { ($0.manifest.id, Set($0.manifest.links).union($0.configuredLinks)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every module's routes, in boot order (kept: in-process calls look a route up on each request).
    package let routes: [RouteRegistration]

    /// How each module's records saved before sign-in join the account's: module → collection → merge.
    package var signInMerges: [String: [String: SignInMerge]] {
        Dictionary(modules.map { ($0.manifest.id, $0.signInMerges) }, uniquingKeysWith: { first, _ in first })
    }

    /// The path of a page bound to `name`, or nil when nothing binds it to a page.
    package func pagePath(for name: RouteName) -> String? {
        guard let route = namedRoutes[name], route.method == .get else { return nil }
        return route.pattern.path(with: [:])
    }

    /// The module that provides `capability` (the host refuses to boot two).
    package func provider(of capability: CapabilityName) -> String? {
        modules.first { $0.manifest.provides.contains(capability) }?.manifest.id
    }

    package func capability<Value>(_ capability: Capability<Value>) -> Value? {
        (capabilities[capability.name] as? ProvidedCapability<Value>)?.value
    }

    /// The route names a module's views may link to: those its manifest lists and those its
    /// configuration chose.
    package func linkableNames(of moduleID: String) -> Set<RouteName> { linkable[moduleID] ?? [] }

    /// The entry scenes for the home page: each module's scenes marked as entries that a GET route
    /// without parameters leads to.
    package var entries: [HomeEntry] {
        modules.flatMap { module in
            module.scenes.filter(\.isEntry).compactMap { scene -> HomeEntry? in
                guard let route = module.routes.first(where: { $0.sceneID == scene.id && $0.method == .get && $0.pattern.parameterNames.isEmpty }),
                    let path = route.pattern.path(with: [:])
                else { return nil }
                return HomeEntry(moduleID: module.manifest.id, moduleTitle: module.manifest.title, sceneTitle: scene.title, path: path)
            }
        }
    }
}
