import AtriumConfiguration
@_spi(AtriumHost) import AtriumSDK

/// Checks on the routes of every enabled module together: no two claim the same URLs or bind the
/// same name, every name a module binds or links to names a page, and a guarded route has a
/// sign-in page and a module that says who is signed in.
enum RouteChecks {
    static func problems(
        in registry: HostRegistry,
        references: [String: RouteReferenceLog],
        enabled: [ModuleManifest]
    ) -> [ConfigurationProblem] {
        // Pages by name: those registered, and those of enabled modules that could not register
        // (their own problems are reported; their manifest says what they bind).
        let registered = Set(registry.modules.map(\.manifest.id))
        var pages = Set(registry.namedRoutes.filter { $0.value.method == .get && $0.value.pattern.parameterNames.isEmpty }.keys)
        for manifest in enabled where !registered.contains(manifest.id) { pages.formUnion(manifest.binds) }
        let names = PageNames(pages: pages, registry: registry)
        return claims(registry.routes) + bindings(registry) + names.references(references, enabled: enabled)
            + guards(registry.routes, pages: pages, enabled: enabled)
    }

    /// Two routes that claim the same URLs, and two modules that bind one name.
    private static func claims(_ routes: [RouteRegistration]) -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        var claimed: [String: RouteRegistration] = [:]
        for route in routes {
            let key = "\(route.method.rawValue) \(route.pattern.shape)"
            if let first = claimed[key] {
                problems.append(
                    ConfigurationProblem(
                        key: "modules",
                        message:
                            "\(route.method.rawValue) \(first.pattern) (module '\(first.moduleID)') and \(route.method.rawValue) \(route.pattern) (module '\(route.moduleID)') claim the same URLs",
                        fix: "disable one of the two modules, or change one pattern"))
            } else {
                claimed[key] = route
            }
        }
        var binders: [RouteName: String] = [:]
        for route in routes where route.method == .get {
            guard let name = route.name else { continue }
            if let other = binders[name], other != route.moduleID {
                problems.append(
                    ConfigurationProblem(
                        key: "modules", message: "modules '\(other)' and '\(route.moduleID)' both bind the route name '\(name)'",
                        fix: "enable only one of them"))
            }
            binders[name] = route.moduleID
        }
        return problems
    }

    /// A name a manifest binds with no route, and a route named without the manifest binding it.
    private static func bindings(_ registry: HostRegistry) -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        for module in registry.modules {
            for name in module.manifest.binds where !module.routes.contains(where: { $0.name == name }) {
                problems.append(
                    ConfigurationProblem(
                        key: module.manifest.id, message: "the module declares it binds '\(name)' but registers no route with that name"))
            }
            for route in module.routes where route.name != nil && !module.manifest.binds.contains(route.name!) {
                problems.append(
                    ConfigurationProblem(
                        key: module.manifest.id,
                        message:
                            "the module names \(route.method.rawValue) \(route.pattern) '\(route.name!)' but its manifest does not list it in binds"
                    ))
            }
        }
        return problems
    }

    /// A route that needs a signed-in visitor with no sign-in page or no module saying who is signed in.
    private static func guards(_ routes: [RouteRegistration], pages: Set<RouteName>, enabled: [ModuleManifest]) -> [ConfigurationProblem] {
        let guarded = routes.filter { $0.guard == .signedIn }
        guard let first = guarded.first else { return [] }
        var problems: [ConfigurationProblem] = []
        let what =
            "\(first.method.rawValue) \(first.pattern) (module '\(first.moduleID)')"
            + (guarded.count > 1 ? " and \(guarded.count - 1) other route(s)" : "")
        if !pages.contains(.signIn) {
            problems.append(
                ConfigurationProblem(
                    key: "modules", message: "\(what) need a signed-in visitor, but no enabled module binds the route name 'sign-in'",
                    fix: "enable a module that binds 'sign-in' (such as login)"))
        }
        if !enabled.contains(where: { $0.provides.contains(.currentUser) }) {
            problems.append(
                ConfigurationProblem(
                    key: "modules", message: "\(what) need a signed-in visitor, but no enabled module provides 'current-user'",
                    fix: "enable a module that provides 'current-user' (such as login)"))
        }
        return problems
    }

    /// The names of pages (GET routes without parameters), for checking the names the configuration
    /// and the modules' views refer to.
    private struct PageNames {
        let pages: Set<RouteName>
        let registry: HostRegistry

        /// A route name chosen in the configuration leads people somewhere, as do the names a
        /// module's views link to (declared once in its manifest): each must name a page, not an action.
        func references(_ references: [String: RouteReferenceLog], enabled: [ModuleManifest]) -> [ConfigurationProblem] {
            var problems: [ConfigurationProblem] = []
            for (moduleID, log) in references.sorted(by: { $0.key < $1.key }) {
                for reference in log.references {
                    problems += check(reference.name, key: ([moduleID] + reference.keyPath).joined(separator: "."))
                }
            }
            for manifest in enabled {
                for name in manifest.links { problems += check(name, key: manifest.id) }
            }
            return problems
        }

        private func check(_ name: RouteName, key: String) -> [ConfigurationProblem] {
            if pages.contains(name) { return [] }
            let pageNames = pages.map(\.rawValue).sorted().joined(separator: ", ")
            guard let route = registry.namedRoutes[name] else {
                return [
                    ConfigurationProblem(
                        key: key, message: "no enabled module binds the route name '\(name)'",
                        fix: pages.isEmpty
                            ? "enable the module that binds it; no enabled module names a page yet"
                            : "enable the module that binds it, or use one of the page route names: \(pageNames)")
                ]
            }
            if route.method != .get {
                return [
                    ConfigurationProblem(
                        key: key, message: "'\(name)' names \(route.method.rawValue) \(route.pattern), an action, not a page",
                        fix: "use one of the page route names: \(pageNames)")
                ]
            }
            return [
                ConfigurationProblem(
                    key: key, message: "'\(name)' names \(route.pattern), which needs parameters a link here cannot give",
                    fix: "use one of the page route names: \(pageNames)")
            ]
        }
    }
}
