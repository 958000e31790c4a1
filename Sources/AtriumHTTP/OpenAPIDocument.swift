import AtriumConfiguration
import AtriumRendering
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Foundation

/// The OpenAPI 3.1 document of a host, made once from its registry: every route of every enabled
/// module (scene pages answering the scene's UI tree, scene actions with their fields, JSON
/// endpoints with their request and reply types) and the host's own routes. Served at
/// `/openapi.json`.
enum OpenAPIDocument {
    static func make(registry: HostRegistry, title: String, metrics: Bool) -> [String: Any] {
        var paths: [String: [String: Any]] = [:]
        for route in registry.routes {
            paths[route.pattern.routerPath, default: [:]][route.method.rawValue.lowercased()] = operation(for: route)
        }
        paths["/"] = ["get": hostPage(id: "home", summary: "The enabled modules' entry scenes")]
        paths["/health/live"] = ["get": health(id: "healthLive", summary: "The process answers", ready: false)]
        paths["/health/ready"] = ["get": health(id: "healthReady", summary: "The storage answers and the modules have booted", ready: true)]
        paths["/openapi.json"] = [
            "get": [
                "operationId": "openAPI", "summary": "This document", "tags": ["host"],
                "responses": ["200": ["description": "The OpenAPI document", "content": ["application/json": ["schema": ["type": "object"]]]]],
            ] as [String: Any]
        ]
        paths["/scene-schema.json"] = [
            "get": [
                "operationId": "sceneSchema", "summary": "The scene document's JSON Schema: every kind of node, its fields, version and fallback",
                "tags": ["host"],
                "responses": ["200": ["description": "A JSON Schema (2020-12)", "content": ["application/json": ["schema": ["type": "object"]]]]],
            ] as [String: Any]
        ]
        if metrics {
            paths["/metrics"] = [
                "get": [
                    "operationId": "metrics", "summary": "Prometheus's text format", "tags": ["host"],
                    "responses": ["200": ["description": "The host's metrics", "content": ["text/plain": ["schema": ["type": "string"]]]]],
                ] as [String: Any]
            ]
        }
        return [
            "openapi": "3.1.0",
            "info": [
                "title": title, "version": "1",
                "description":
                    "Every route of the enabled modules. A scene page answers its UI tree as JSON when asked for `application/json` (HTML otherwise); an action takes its fields as a form or JSON, with the form token of the visitor's session in `_csrf` or the `X-CSRF-Token` header.",
            ] as [String: Any],
            "paths": paths,
            "components": ["schemas": schemas()],
        ]
    }

    /// The document as JSON bytes (keys sorted, so the same registry always gives the same bytes).
    static func bytes(registry: HostRegistry, title: String, metrics: Bool) -> [UInt8] {
        let object = make(registry: registry, title: title, metrics: metrics)
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return Array(data)
    }

    private static func operation(for route: RouteRegistration) -> [String: Any] {
        // `/cookbook/recipes/{id}`: the pattern without its parameters' types, as the router has it.
        let path = route.pattern.routerPath
        var operation: [String: Any] = [
            "operationId": "\(route.method.rawValue.lowercased())\(path)",
            "tags": [route.moduleID],
            "summary": summary(of: route),
        ]
        let parameters = route.fields.map(parameter)
        if !parameters.isEmpty { operation["parameters"] = parameters }
        if route.sceneID != nil {
            if route.method == .post {
                let fields = fieldsSchema(route.body, pathParameters: Set(route.pattern.parameterNames))
                operation["requestBody"] =
                    [
                        "required": false,
                        "content": ["application/x-www-form-urlencoded": ["schema": fields], "application/json": ["schema": fields]],
                    ] as [String: Any]
                operation["parameters"] =
                    parameters + [
                        [
                            "name": "X-CSRF-Token", "in": "header", "required": false, "schema": ["type": "string"],
                            "description": "The session's form token (or the `_csrf` field)",
                        ] as [String: Any]
                    ]
            }
            operation["responses"] = sceneResponses(redirects: true, streams: route.method == .get)
            if route.method == .get {
                operation["parameters"] =
                    parameters + [
                        [
                            "name": "Last-Event-ID", "in": "header", "required": false, "schema": ["type": "string"],
                            "description":
                                "With Accept: text/event-stream: the id of the state the client has; the stream's first event is sent only if the state differs",
                        ] as [String: Any]
                    ]
            }
        } else {
            if let body = route.body {
                operation["requestBody"] = ["required": true, "content": ["application/json": ["schema": body.jsonObject]]] as [String: Any]
            }
            operation["responses"] =
                [
                    "2XX": ["description": "The reply", "content": ["application/json": ["schema": (route.reply ?? .object([])).jsonObject]]],
                    "4XX": ["description": "A refusal", "content": ["application/json": ["schema": ["type": "object"]]]],
                ] as [String: Any]
        }
        return operation
    }

    private static func summary(of route: RouteRegistration) -> String {
        switch (route.sceneID, route.method) {
        case (let scene?, .get): "Shows the scene \(scene)"
        case (let scene?, _): "An action of the scene \(scene)"
        case (nil, _): "A JSON endpoint of \(route.moduleID)"
        }
    }

    private static func parameter(_ field: RouteField) -> [String: Any] {
        let schema: [String: Any] =
            switch field.type {
            case .string: ["type": "string", "minLength": 1]
            case .int: ["type": "integer"]
            case .double: ["type": "number"]
            case .bool: ["type": "boolean"]
            case .uuid: ["type": "string", "format": "uuid"]
            }
        return ["name": field.name, "in": field.isOptional ? "query" : "path", "required": !field.isOptional, "schema": schema]
    }

    /// An action's fields, without those its path gives, plus the form token field every form carries.
    private static func fieldsSchema(_ body: JSONSchema?, pathParameters: Set<String>) -> [String: Any] {
        var schema = (body ?? .object([])).jsonObject
        var properties = schema["properties"] as? [String: Any] ?? [:]
        for name in pathParameters { properties[name] = nil }
        if let required = schema["required"] as? [String] {
            let left = required.filter { !pathParameters.contains($0) }
            schema["required"] = left.isEmpty ? nil : left
        }
        properties["_csrf"] = ["type": "string"]
        schema["type"] = "object"
        schema["properties"] = properties
        return schema
    }

    private static func sceneResponses(redirects: Bool, streams: Bool = false) -> [String: Any] {
        let content: [String: Any] = [
            "application/json": ["schema": ["$ref": "#/components/schemas/SceneDocument"]],
            "text/html": ["schema": ["type": "string"]],
            "text/plain": ["schema": ["type": "string"]],
        ]
        var live = content
        if streams {
            live["text/event-stream"] = [
                "schema": [
                    "type": "string",
                    "description":
                        "Server-Sent Events of the scene: `event: scene` with `id:` (a digest naming the state on every host) and `data:` the SceneDocument, at once and whenever it changes; `event: redirect` with `data: {\"location\"}` when the session ends or the guard refuses, last; a comment every 15 s",
                ] as [String: Any]
            ]
        }
        var responses: [String: Any] = [
            "200": ["description": streams ? "The scene, or its live stream" : "The scene", "content": live] as [String: Any],
            "4XX": [
                "description": streams
                    ? "A page that says what went wrong (not found, refused, invalid…); 429: too many live streams for this visitor"
                    : "A page that says what went wrong (not found, refused, invalid…)",
                "content": content,
            ] as [String: Any],
            "503": [
                "description": streams
                    ? "A service the scene needs is unavailable, or the host serves as many live streams as it can"
                    : "A service the scene needs is unavailable",
                "content": content,
            ] as [String: Any],
        ]
        if redirects {
            responses["303"] =
                [
                    "description": "On to another page (after an action, or to sign in first)",
                    "headers": ["Location": ["schema": ["type": "string"]]],
                ] as [String: Any]
        }
        return responses
    }

    private static func hostPage(id: String, summary: String) -> [String: Any] {
        ["operationId": id, "summary": summary, "tags": ["host"], "responses": sceneResponses(redirects: false)]
    }

    private static func health(id: String, summary: String, ready: Bool) -> [String: Any] {
        let body: [String: Any] = [
            "content": [
                "application/json": [
                    "schema": ["type": "object", "required": ["status"], "properties": ["status": ["type": "string"]]] as [String: Any]
                ]
            ]
        ]
        var responses: [String: Any] = ["200": body.merging(["description": "Yes"]) { a, _ in a }]
        if ready { responses["503"] = body.merging(["description": "Not yet, or the storage does not answer"]) { a, _ in a } }
        return ["operationId": id, "summary": summary, "tags": ["host"], "responses": responses]
    }

    // MARK: The UI tree

    /// The schemas of a scene's JSON: the document, the screen, every kind of node, link targets.
    static func schemas() -> [String: Any] {
        let probe = SchemaProbe(references: [
            ObjectIdentifier(UINode.self): .init(name: "UINode", sample: UINode.text(Text(""))),
            ObjectIdentifier(LinkTarget.self): .init(name: "LinkTarget", sample: LinkTarget.path("/")),
        ])
        var schemas: [String: Any] = [
            "SceneDocument": [
                "type": "object", "required": ["schema", "screen"],
                "properties": [
                    "csrfToken": ["type": "string", "description": "Send it back with actions (`X-CSRF-Token` or `_csrf`)"],
                    "schema": [
                        "type": "integer", "minimum": SceneSchema.oldest, "maximum": SceneSchema.current,
                        "description":
                            "The scene schema's version the document follows: the one the client declared (`Accept: application/json; schema=N`), else the newest; nodes newer than it are their fallbacks",
                    ] as [String: Any],
                    "screen": ["$ref": "#/components/schemas/Screen"],
                ] as [String: Any],
            ] as [String: Any],
            "Screen": probe.schema(of: Screen.self).jsonObject,
            "LinkTarget": [
                "oneOf": [
                    object(["path": ["type": "string"]]), object(["route": ["type": "string"]]), object(["url": ["type": "string"]]),
                    object(["link": ["$ref": "#/components/schemas/LinkTarget"], "returnTo": ["$ref": "#/components/schemas/LinkTarget"]]),
                ]
            ],
        ]
        var kinds: [Any] = []
        for kind in UINode.Kind.allCases {
            var node = nodeSchema(kind, probe: probe).jsonObject
            var properties = node["properties"] as? [String: Any] ?? [:]
            properties["type"] = ["const": kind.rawValue]
            node["type"] = "object"
            node["properties"] = properties
            node["required"] = (node["required"] as? [String] ?? []) + ["type"]
            node["x-atrium-since"] = SceneSchema.version(of: kind)
            node["x-atrium-fallback"] = SceneSchema.fallbackDescription(of: kind)
            schemas["UINode.\(kind.rawValue)"] = node
            kinds.append(["$ref": "#/components/schemas/UINode.\(kind.rawValue)"])
        }
        schemas["UINode"] = ["oneOf": kinds]
        return schemas
    }

    private static func object(_ properties: [String: Any]) -> [String: Any] {
        ["type": "object", "required": Array(properties.keys).sorted(), "properties": properties]
    }

    /// Each kind's fields, read from its type: a new kind of node is a new case in this switch.
    private static func nodeSchema(_ kind: UINode.Kind, probe: SchemaProbe) -> JSONSchema {
        switch kind {
        case .section: probe.schema(of: Section.self)
        case .heading: probe.schema(of: Heading.self)
        case .text: probe.schema(of: Text.self)
        case .image: probe.schema(of: Image.self)
        case .row: probe.schema(of: Row.self)
        case .list: probe.schema(of: ItemList.self)
        case .card: probe.schema(of: Card.self)
        case .tabs: probe.schema(of: Tabs.self)
        case .form: probe.schema(of: Form.self)
        case .field: probe.schema(of: Field.self)
        case .picker: probe.schema(of: Picker.self)
        case .toggle: probe.schema(of: Toggle.self)
        case .button: probe.schema(of: Button.self)
        case .link: probe.schema(of: Link.self)
        case .money: probe.schema(of: Money.self)
        case .progress: probe.schema(of: ProgressBar.self)
        case .message: probe.schema(of: Message.self)
        case .map: probe.schema(of: Map.self)
        case .animation: probe.schema(of: Animation.self)
        }
    }
}
