import AtriumConfiguration
import AtriumHost
import AtriumRuntime
import AtriumSDK
import Foundation

/// The host under a configuration as one JSON document (`atrium describe`, and what `atrium
/// canvas` draws): each enabled module (manifest, flags, settings, collections, remote services,
/// events published and subscribed), the boot order, every route, route name and event.
enum HostDescription {
    static func document(of plan: HostPlan, catalog: [ModuleEntry]) -> [String: Any] {
        let entries = Dictionary(catalog.map { ($0.manifest.id, $0) }, uniquingKeysWith: { first, _ in first })
        let publications = plan.events.publications
        let subscriptions = plan.events.readers
        let modules = plan.registry.modules.map { describe($0, in: plan, settings: entries[$0.manifest.id]?.settings ?? []) }
        let scenes = Dictionary(plan.registry.modules.flatMap(\.scenes).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let routes: [[String: Any]] = plan.registry.routes.map { route in
            var described: [String: Any] = [
                "method": route.method.rawValue, "pattern": route.pattern.description, "guard": route.guard.rawValue, "module": route.moduleID,
            ]
            if let name = route.name { described["name"] = name.rawValue }
            if let id = route.sceneID {
                described["scene"] = id
                if let scene = scenes[id] {
                    described["sceneType"] = scene.typeName
                    described["folder"] = scene.folder
                }
            } else {
                described["endpoint"] = true
            }
            return described
        }
        let names = Dictionary(
            plan.registry.namedRoutes.map { name, route in (name.rawValue, "\(route.method.rawValue) \(route.pattern)") },
            uniquingKeysWith: { first, _ in first })
        let eventNames = Set(publications.map(\.name)).union(subscriptions.map(\.name)).sorted()
        let events: [[String: Any]] = eventNames.map { name in
            [
                "name": name, "publishers": publications.filter { $0.name == name }.map(\.module),
                "subscribers": subscriptions.filter { $0.name == name }.map(\.subscriber),
            ]
        }
        return [
            "configuration": plan.source, "bootOrder": plan.registry.modules.map(\.manifest.id), "modules": modules, "routes": routes,
            "routeNames": names, "events": events,
        ]
    }

    /// One module: its manifest, what it publishes and reads, its flags and settings.
    private static func describe(_ module: BootedModule, in plan: HostPlan, settings: [ConfigurationSchema.Setting]) -> [String: Any] {
        let manifest = module.manifest
        let publications = plan.events.publications
        let subscriptions = plan.events.readers
        return [
            "publishes": publications.filter { $0.module == manifest.id }.map { ["name": $0.name, "version": $0.version] as [String: Any] },
            "subscribes": subscriptions.filter { $0.subscriber == manifest.id }.map {
                ["name": $0.name, "version": $0.version] as [String: Any]
            },
            "id": manifest.id, "title": manifest.title, "version": manifest.version,
            "requires": manifest.requires.map(\.rawValue), "provides": manifest.provides.map(\.rawValue),
            "uses": manifest.uses.map(\.rawValue), "binds": manifest.binds.map(\.rawValue), "links": manifest.links.map(\.rawValue),
            "configuredLinks": module.configuredLinks.map(\.rawValue).sorted(),
            "scenes": module.scenes.map {
                ["id": $0.id, "title": $0.title.text, "isEntry": $0.isEntry, "type": $0.typeName, "folder": $0.folder] as [String: Any]
            },
            "flags": plan.flags.entries.filter { $0.module == manifest.id }.map { entry in
                [
                    "name": entry.fullName, "description": entry.flag.description, "default": entry.flag.defaultValue,
                    "value": Flags.describe(entry.rollout),
                ]
                    as [String: Any]
            },
            "collections": manifest.collections.map { ["name": $0.name, "holds": $0.holds] },
            "remoteServices": manifest.remoteServices.map { service in
                [
                    "id": service.id, "title": service.title,
                    "hosts": module.remoteGrants.hosts.filter { $0.value == service.id }.map(\.key).sorted(),
                ] as [String: Any]
            },
            "settings": settings.map { setting in
                var described: [String: Any] = ["key": "\(manifest.id).\(setting.key)", "type": setting.type]
                if let value = setting.defaultValue { described["default"] = value }
                if let text = setting.description { described["description"] = text }
                return described
            },
        ]
    }
}
