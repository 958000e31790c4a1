import Foundation

/// What `atrium canvas` draws, read from the host's description (``HostDescription``): each module
/// with what it offers, stores and calls, and the edges between modules — events (publisher to
/// subscriber), capabilities (provider to the module that requires or uses it) and named links
/// (the linking module to the one that binds the name). Kept as `canvas.json` beside the pictures:
/// the check compares this model, not the drawings' bytes.
struct CanvasModel: Codable, Equatable {
    struct Module: Codable, Equatable {
        var id: String
        var title: String
        var version: String
        var scenes: [Scene]
        var routes: [Route]
        var publishes: [String]
        var subscribes: [String]
        var requires: [String]
        var provides: [String]
        var uses: [String]
        var binds: [String]
        var flags: [Setting]
        var settings: [Setting]
        var collections: [Named]
        var remoteServices: [Named]
    }

    struct Scene: Codable, Equatable {
        var id: String
        var title: String
    }

    struct Route: Codable, Equatable {
        var method: String
        var pattern: String
        /// The scene it serves, or nil for a JSON endpoint.
        var scene: String?
        var signedIn: Bool
    }

    struct Setting: Codable, Equatable {
        var key: String
        var value: String?
    }

    struct Named: Codable, Equatable {
        var name: String
        var about: String
    }

    struct Edge: Codable, Hashable, Comparable {
        enum Kind: String, Codable, Hashable, Comparable {
            case event, capability, link
            static func < (left: Kind, right: Kind) -> Bool { left.rawValue < right.rawValue }
        }
        var kind: Kind
        var from: String
        var to: String
        var label: String

        static func < (left: Edge, right: Edge) -> Bool {
            (left.kind, left.from, left.to, left.label) < (right.kind, right.from, right.to, right.label)
        }
    }

    var modules: [Module]
    var edges: [Edge]

    /// The model of `description` (``HostDescription/document(of:catalog:)``'s document, as JSON).
    init(description data: Data) throws {
        let host = try JSONDecoder().decode(Described.self, from: data)
        let routes = Dictionary(grouping: host.routes, by: \.module)
        modules = host.modules.map { module in
            Module(
                id: module.id, title: module.title, version: module.version, scenes: module.scenes.map { Scene(id: $0.id, title: $0.title) },
                routes: (routes[module.id] ?? []).map {
                    Route(method: $0.method, pattern: $0.pattern, scene: $0.scene, signedIn: $0.guard != "none")
                },
                publishes: module.publishes.map { "\($0.name) v\($0.version)" }, subscribes: module.subscribes.map { "\($0.name) v\($0.version)" },
                requires: module.requires, provides: module.provides, uses: module.uses, binds: module.binds,
                flags: module.flags.map { Setting(key: $0.name, value: $0.value) },
                settings: module.settings.map { Setting(key: $0.key, value: $0.default) },
                collections: module.collections.map { Named(name: $0.name, about: $0.holds) },
                remoteServices: module.remoteServices.map { Named(name: $0.id, about: $0.title) })
        }
        edges = Self.edges(of: host).sorted()
    }

    private static func edges(of host: Described) -> [Edge] {
        var edges: [Edge] = []
        for event in host.events {
            for publisher in event.publishers {
                for subscriber in event.subscribers where subscriber != publisher {
                    edges.append(Edge(kind: .event, from: publisher, to: subscriber, label: event.name))
                }
            }
        }
        for module in host.modules {
            for capability in module.requires + module.uses {
                for provider in host.modules where provider.provides.contains(capability) && provider.id != module.id {
                    edges.append(Edge(kind: .capability, from: provider.id, to: module.id, label: capability))
                }
            }
            let owners = Dictionary(
                host.routes.compactMap { route in route.name.map { ($0, route.module) } }, uniquingKeysWith: { first, _ in first })
            for name in Set(module.links + module.configuredLinks).sorted() {
                if let owner = owners[name], owner != module.id { edges.append(Edge(kind: .link, from: module.id, to: owner, label: name)) }
            }
        }
        return Array(Set(edges))
    }

    /// The fields of `atrium describe`'s document the canvas reads.
    private struct Described: Decodable {
        struct Versioned: Decodable {
            var name: String
            var version: Int
        }
        struct Flag: Decodable {
            var name: String
            var value: String?
        }
        struct ConfigurationSetting: Decodable {
            var key: String
            var `default`: String?
        }
        struct Collection: Decodable {
            var name: String
            var holds: String
        }
        struct Service: Decodable {
            var id: String
            var title: String
        }
        struct SceneEntry: Decodable {
            var id: String
            var title: String
        }
        struct ModuleEntry: Decodable {
            var id, title, version: String
            var scenes: [SceneEntry]
            var publishes, subscribes: [Versioned]
            var requires, provides, uses, binds, links, configuredLinks: [String]
            var flags: [Flag]
            var settings: [ConfigurationSetting]
            var collections: [Collection]
            var remoteServices: [Service]
        }
        struct RouteEntry: Decodable {
            var method, pattern, module, `guard`: String
            var name, scene: String?
        }
        struct Event: Decodable {
            var name: String
            var publishers, subscribers: [String]
        }
        var modules: [ModuleEntry]
        var routes: [RouteEntry]
        var events: [Event]
    }
}
