import AtriumConfiguration
import AtriumRendering
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Foundation

/// The OpenAPI 3.1 document of a host, made once from its registry: every route of every enabled
/// module (scene pages answering the scene's UI tree, scene actions with their fields, JSON
/// endpoints with their request and reply types) and the host's own routes. Served at
/// `/openapi.json`.
package enum OpenAPIDocument {
    package static func make(registry: HostRegistry, title: String, metrics: Bool) -> [String: Any] {
        var paths: [String: [String: Any]] = [:]
        for route in registry.routes {
            paths[route.routerPath, default: [:]][route.method.rawValue.lowercased()] = operation(for: route)
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
        // The host's own routes answer the caps' 429 and 503 too.
        for path in ["/openapi.json", "/scene-schema.json", "/metrics", "/health/live", "/health/ready"] {
            guard var operation = paths[path]?["get"] as? [String: Any] else { continue }
            operation["responses"] = limits(content: anyAnswer).merging(operation["responses"] as? [String: Any] ?? [:]) { _, own in own }
            paths[path]?["get"] = operation
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
    package static func bytes(registry: HostRegistry, title: String, metrics: Bool) -> [UInt8] {
        let object = make(registry: registry, title: title, metrics: metrics)
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return Array(data)
    }

    private static func operation(for route: RouteRegistration) -> [String: Any] {
        // `/cookbook/recipes/{id}`: the pattern without its parameters' types, as the router has it.
        let path = route.routerPath
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
                let (form, encoding) = formSchema(fields)
                var formContent: [String: Any] = ["schema": form]
                if !encoding.isEmpty { formContent["encoding"] = encoding }
                operation["requestBody"] =
                    [
                        "required": false,
                        "content": ["application/x-www-form-urlencoded": formContent, "application/json": ["schema": jsonSchema(fields)]],
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
                let schema = refined(body.jsonObject, by: route.textRules)
                operation["requestBody"] = ["required": true, "content": ["application/json": ["schema": schema]]] as [String: Any]
            }
            let headers = route.requiredHeaders.map(header)
            if !headers.isEmpty { operation["parameters"] = parameters + headers }
            operation["responses"] = limits(content: ["application/json": ["schema": ["type": "object"]]]).merging([
                "2XX": ["description": "The reply", "content": ["application/json": ["schema": (route.reply ?? .object([])).jsonObject]]],
                "4XX": ["description": "A refusal", "content": ["application/json": ["schema": ["type": "object"]]]],
            ]) { _, own in own }
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
        let typed: [String: Any] =
            switch field.type {
            case .string: ["type": "string", "minLength": 1]
            case .int: ["type": "integer"]
            case .double: ["type": "number"]
            case .bool: ["type": "boolean"]
            case .uuid: ["type": "string", "format": "uuid"]
            }
        guard field.isOptional else { return ["name": field.name, "in": "path", "required": true, "schema": typed] }
        // A query value that does not fit its type is left out, as if absent (a link shared with
        // a stale query still opens the page): any text is accepted.
        let kind = typed["format"] as? String ?? typed["type"] as? String ?? "string"
        return [
            "name": field.name, "in": "query", "required": false, "schema": ["type": "string"],
            "description": "A\(kind.first.map { "aeiou".contains($0) } == true ? "n" : "") \(kind); a value that is not one is ignored",
        ]
    }

    /// `schema` with each text property `rules` names held to its rule.
    private static func refined(_ schema: [String: Any], by rules: [String: EndpointContract.TextRule]) -> [String: Any] {
        guard !rules.isEmpty, var properties = schema["properties"] as? [String: Any] else { return schema }
        for (name, rule) in rules {
            guard var property = properties[name] as? [String: Any] else { continue }
            if let minimum = rule.minLength { property["minLength"] = minimum }
            if let maximum = rule.maxLength { property["maxLength"] = maximum }
            if rule.needsNonSpace { property["pattern"] = "\\S" }
            properties[name] = property
        }
        var schema = schema
        schema["properties"] = properties
        return schema
    }

    /// A header an endpoint's contract requires.
    private static func header(_ header: EndpointContract.Header) -> [String: Any] {
        let schema: [String: Any] = header.value.map { ["type": "string", "const": $0] } ?? ["type": "string", "minLength": 1]
        return ["name": header.name, "in": "header", "required": true, "schema": schema]
    }

    /// The answers any route may give when a cap or an outage stops it: too many requests from one
    /// visitor (a throttle, live streams) and a host or service that cannot answer just now.
    private static func limits(content: [String: Any]) -> [String: Any] {
        let retryAfter: [String: Any] = ["Retry-After": ["schema": ["type": "string"], "description": "Seconds to wait before trying again"]]
        return [
            "429": ["description": "Too many requests from this visitor: wait, then try again", "headers": retryAfter, "content": content]
                as [String: Any],
            "503": [
                "description":
                    "The host, or a service this needs, cannot answer just now (an outage, or as many connections or live streams as it serves)",
                "headers": retryAfter, "content": content,
            ] as [String: Any],
        ]
    }

    /// What a host's cap answers on any route: its JSON error, a page, or text.
    private static var anyAnswer: [String: Any] {
        [
            "application/json": ["schema": ["type": "object"]], "text/html": ["schema": ["type": "string"]],
            "text/plain": ["schema": ["type": "string"]],
        ]
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

    /// A form's fields as JSON: a field that may be left out may also be `null`.
    private static func jsonSchema(_ fields: [String: Any]) -> [String: Any] {
        var schema = fields
        // JSON carries the token in the `X-CSRF-Token` header only.
        var fields = fields
        var withoutToken = fields["properties"] as? [String: Any] ?? [:]
        withoutToken["_csrf"] = nil
        fields["properties"] = withoutToken
        let required = Set(fields["required"] as? [String] ?? [])
        var properties: [String: Any] = [:]
        for (name, property) in fields["properties"] as? [String: Any] ?? [:] {
            guard !required.contains(name), var object = property as? [String: Any], let type = object["type"] as? String else {
                properties[name] = property
                continue
            }
            object["type"] = [type, "null"]
            properties[name] = object
        }
        schema["properties"] = properties
        return schema
    }

    /// A form's fields as browsers send them: a list is its name with `[]`, once per value (the
    /// pantry's `have[]`), and any other field is sent once, as text.
    private static func formSchema(_ fields: [String: Any]) -> (schema: [String: Any], encoding: [String: Any]) {
        var schema = fields
        var properties: [String: Any] = [:]
        var encoding: [String: Any] = [:]
        var renamed: [String: String] = [:]
        for (name, property) in fields["properties"] as? [String: Any] ?? [:] {
            if (property as? [String: Any])?["type"] as? String == "array" {
                // One value is a list of one: a form cannot tell them apart.
                let item = (property as? [String: Any])?["items"] ?? ["type": "string"]
                properties[name + "[]"] = ["anyOf": [property, item]]
                encoding[name + "[]"] = ["style": "form", "explode": true]
                renamed[name] = name + "[]"
            } else {
                properties[name] = property
            }
        }
        schema["properties"] = properties
        if let required = fields["required"] as? [String] { schema["required"] = required.map { renamed[$0] ?? $0 } }
        // A field the form does not have is ignored when sent once; sent twice, it is refused.
        schema["additionalProperties"] = ["type": "string"]
        // A name is text without brackets (which say a list; it may be empty), or a list's name with `[]`.
        schema["propertyNames"] = ["pattern": "^([^\\[\\]]*|[^\\[\\]]+\\[\\])$"]
        return (schema, encoding)
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
                        "Server-Sent Events of the scene: `event: scene` with `id:` (a digest naming the state on every host) and `data:` the SceneDocument (in the version declared as `Accept: text/event-stream; schema=N`), at once and whenever it changes; `event: redirect` with `data: {\"location\"}` when the session ends or the guard refuses, last; a comment every 15 s",
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
        responses = limits(content: content).merging(responses) { limit, own in
            // The scene's own 503 page, with the cap's Retry-After.
            var merged = own as? [String: Any] ?? [:]
            merged["headers"] = (limit as? [String: Any])?["headers"]
            return merged
        }
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
        let string = ["type": "string"]
        let body: [String: Any] = [
            "content": [
                "application/json": [
                    "schema": ["type": "object", "required": ["status"], "properties": ["status": string, "build": string]] as [String: Any]
                ]
            ]
        ]
        var responses: [String: Any] = ["200": body.merging(["description": "Yes"]) { a, _ in a }]
        if ready { responses["503"] = body.merging(["description": "Not yet, or the storage does not answer"]) { a, _ in a } }
        return ["operationId": id, "summary": summary, "tags": ["host"], "responses": responses]
    }

    // MARK: The UI tree

    /// The schemas of a scene's JSON: the document, the screen, every kind of node, link targets.
    package static func schemas() -> [String: Any] {
        let probe = SchemaProbe(references: [
            ObjectIdentifier(UINode.self): .init(name: "UINode", sample: UINode.text(Text(""))),
            ObjectIdentifier(LinkTarget.self): .init(name: "LinkTarget", sample: LinkTarget.path("/")),
        ])
        var schemas: [String: Any] = [
            "SceneDocument": [
                "type": "object", "required": ["schema", "screen"],
                "properties": [
                    "csrfToken": ["type": "string", "description": "Send it back with actions (`X-CSRF-Token` or `_csrf`)"],
                    "locale": [
                        "type": "string", "x-atrium-since": 3,
                        "description":
                            "The language (a BCP 47 tag) the screen's words are in: the visitor's choice, else the best offered match of `Accept-Language`, else the host's default. Data (names, a remote service's words) is shown as it came. From version 3",
                    ] as [String: Any],
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
