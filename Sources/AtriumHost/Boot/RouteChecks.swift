import AtriumSDK

/// Checks on the routes of every booted module together.
enum RouteChecks {
    static func problems(in registry: HostRegistry, references: [String: RouteReferenceLog]) -> [ConfigurationProblem] {
        var problems: [ConfigurationProblem] = []
        let routes = registry.routes

        var claimed: [String: RouteRegistration] = [:]
        for route in routes {
            let key = "\(route.method.rawValue) \(route.pattern.shape)"
            if let first = claimed[key] {
                problems.append(
                    ConfigurationProblem(
                        key: "modules",
                        message:
                            "\(route.method.rawValue) \(first.pattern) (module '\(first.moduleID)') and \(route.method.rawValue) \(route.pattern) (module '\(route.moduleID)') claim the same URLs",
                        fix: "disable one of the two modules, or change one pattern"
                    )
                )
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
                        key: "modules",
                        message: "modules '\(other)' and '\(route.moduleID)' both bind the route name '\(name)'",
                        fix: "enable only one of them"
                    )
                )
            }
            binders[name] = route.moduleID
        }

        for module in registry.modules {
            for name in module.manifest.binds where !module.routes.contains(where: { $0.name == name }) {
                problems.append(
                    ConfigurationProblem(
                        key: module.manifest.id,
                        message: "the module declares it binds '\(name)' but registers no route with that name"
                    )
                )
            }
        }

        // A route name chosen in the configuration leads people somewhere: it must name a page (a
        // GET route without parameters), not an action.
        let pages = registry.namedRoutes.filter { $0.value.method == .get && $0.value.pattern.parameters.isEmpty }.keys.map(\.rawValue).sorted()
        let pageList = pages.isEmpty ? "no page has a route name" : "page route names: \(pages.joined(separator: ", "))"
        for (moduleID, log) in references.sorted(by: { $0.key < $1.key }) {
            for reference in log.references {
                let key = ([moduleID] + reference.keyPath).joined(separator: ".")
                guard let route = registry.namedRoutes[reference.name] else {
                    problems.append(
                        ConfigurationProblem(
                            key: key,
                            message: "no enabled module binds the route name '\(reference.name)'",
                            fix: "enable the module that binds it, or use one of the \(pageList)"
                        )
                    )
                    continue
                }
                if route.method != .get {
                    problems.append(
                        ConfigurationProblem(
                            key: key,
                            message: "'\(reference.name)' names \(route.method.rawValue) \(route.pattern), an action, not a page",
                            fix: "use one of the \(pageList)"
                        )
                    )
                } else if !route.pattern.parameters.isEmpty {
                    problems.append(
                        ConfigurationProblem(
                            key: key,
                            message: "'\(reference.name)' names \(route.pattern), which needs parameters a link here cannot give",
                            fix: "use one of the \(pageList)"
                        )
                    )
                }
            }
        }

        let guarded = routes.filter { $0.guard == .signedIn }
        if let first = guarded.first {
            let what =
                "\(first.method.rawValue) \(first.pattern) (module '\(first.moduleID)')"
                + (guarded.count > 1 ? " and \(guarded.count - 1) other route(s)" : "")
            if registry.namedRoutes[.signIn] == nil {
                problems.append(
                    ConfigurationProblem(
                        key: "modules",
                        message: "\(what) need a signed-in visitor, but no enabled module binds the route name 'sign-in'",
                        fix: "enable a module that binds 'sign-in' (such as login)"
                    )
                )
            }
            if registry.capabilities[.currentUser] == nil {
                problems.append(
                    ConfigurationProblem(
                        key: "modules",
                        message: "\(what) need a signed-in visitor, but no enabled module provides 'current-user'",
                        fix: "enable a module that provides 'current-user' (such as login)"
                    )
                )
            }
        }
        return problems
    }
}
