import AtriumConfiguration
import AtriumEvents
import AtriumListener
import AtriumLocalization
import AtriumObservability
import AtriumSDK
import AtriumServices
import AtriumStorage
import Foundation

/// The JSON Schema (draft 2020-12) of the whole configuration file: the host's sections and every
/// available module's, each read from its configuration type (keys, types, the values of choices),
/// with defaults from the type's `init()` and descriptions from its `settingDescriptions`. Unknown
/// keys are refused, as the host refuses them. `atrium schema` prints it.
package enum ConfigurationSchema {
    /// One setting of a section, for `atrium describe`.
    package struct Setting: Sendable, Equatable {
        package var key: String
        package var type: String
        package var defaultValue: String?
        package var description: String?
    }

    package static func document(catalog: [ModuleEntry]) -> [String: Any] {
        var properties: [String: Any] = [
            "http": section(HTTPSettings.self, description: "Where the host listens and how it is reached"),
            "storage": section(StorageSettings.self, description: "Where sessions and every module's records are kept"),
            "log": section(LogSettings.self, description: "What the host logs"),
            "tracing": section(
                TracingSettings.self, description: "OpenTelemetry traces sent to a collector over OTLP/HTTP (the OTEL_* variables set them too)"),
            "secrets": section(SecretsSettings.self, description: "The host key that seals secrets and signs tokens"),
            "events": section(EventSettings.self, description: "How this host delivers the events modules publish to their subscribers"),
            "localization": section(LocalizationSettings.self, description: "The languages the host offers its visitors"),
            "modules": [
                "description": "The ids of the modules to boot (every available module when absent)",
                "type": "array", "uniqueItems": true, "items": ["enum": catalog.map(\.manifest.id)],
            ] as [String: Any],
            "flags": flags(catalog.map(\.manifest)),
        ]
        for entry in catalog { properties[entry.manifest.id] = entry.configurationSchema() }
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://atrium.localhost/atrium.schema.json",
            "title": "Atrium configuration",
            "description":
                "The host's sections, one section per module, and the modules' feature flags. Every key can also be set from the environment.",
            "type": "object",
            "additionalProperties": false,
            "properties": properties,
        ]
    }

    /// The document as text: indented, keys sorted (the same catalog always gives the same text).
    package static func text(catalog: [ModuleEntry]) -> String {
        let data =
            (try? JSONSerialization.data(withJSONObject: document(catalog: catalog), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A section's schema: its keys and their types, defaults and descriptions, nothing else allowed.
    static func section<Section: ModuleConfiguration>(_ type: Section.Type, description: String? = nil) -> [String: Any] {
        var schema = annotate(
            SchemaProbe().schema(of: type).jsonObject, defaults: defaults(of: type), descriptions: type.settingDescriptions, path: [])
        if let description { schema["description"] = description }
        return schema
    }

    /// Every setting of a section, flattened to dotted keys, in declaration order.
    static func settings<Section: ModuleConfiguration>(_ type: Section.Type) -> [Setting] {
        func flatten(_ schema: JSONSchema, defaults: Any?, path: [String]) -> [Setting] {
            if case .object(let properties) = schema, !properties.isEmpty {
                return properties.flatMap { property in
                    flatten(property.schema, defaults: (defaults as? [String: Any])?[property.name], path: path + [property.name])
                }
            }
            let key = path.joined(separator: ".")
            return [
                Setting(
                    key: key, type: typeName(schema), defaultValue: defaults.flatMap(text), description: type.settingDescriptions[key])
            ]
        }
        return flatten(SchemaProbe().schema(of: type), defaults: Self.defaults(of: type), path: [])
    }

    private static func typeName(_ schema: JSONSchema) -> String {
        switch schema {
        case .string(let format?): "string (\(format))"
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .array(let items): "list of \(typeName(items))"
        case .object: "section"
        case .oneOf(let values): "one of \(values.joined(separator: ", "))"
        case .reference(let name): name
        case .any: "any"
        }
    }

    private static func text(_ value: Any) -> String? {
        if let string = value as? String { return string }
        if JSONSerialization.isValidJSONObject([value]),
            let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .withoutEscapingSlashes])
        {
            return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
        }
        return nil
    }

    /// The section at its defaults, as JSON values.
    private static func defaults<Section: ModuleConfiguration>(of type: Section.Type) -> [String: Any] {
        guard let data = try? JSONEncoder().encode(Section()), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return object
    }

    /// Refuses unknown keys, drops `required` (an absent key takes its default), and adds defaults
    /// and descriptions, down the nested sections.
    private static func annotate(_ schema: [String: Any], defaults: Any?, descriptions: [String: String], path: [String]) -> [String: Any] {
        var schema = schema
        let key = path.joined(separator: ".")
        if let description = descriptions[key], !path.isEmpty { schema["description"] = description }
        if let defaults, !(defaults is [String: Any]) || schema["properties"] == nil { schema["default"] = defaults }
        if var properties = schema["properties"] as? [String: Any] {
            for (name, property) in properties {
                guard let property = property as? [String: Any] else { continue }
                properties[name] = annotate(
                    property, defaults: (defaults as? [String: Any])?[name], descriptions: descriptions, path: path + [name])
            }
            schema["properties"] = properties
            schema["required"] = nil
            schema["additionalProperties"] = false
        }
        if let items = schema["items"] as? [String: Any] {
            schema["items"] = annotate(items, defaults: nil, descriptions: descriptions, path: path)
            if var annotated = schema["items"] as? [String: Any] {
                annotated["description"] = nil
                schema["items"] = annotated
            }
        }
        // A setting that is a number is never null (null is how the UI tree writes a value that is not finite).
        if schema["type"] as? [String] == ["number", "null"] { schema["type"] = "number" }
        return schema
    }

    private static func flags(_ manifests: [ModuleManifest]) -> [String: Any] {
        var properties: [String: Any] = [:]
        for manifest in manifests {
            for flag in manifest.flags {
                properties["\(manifest.id).\(flag.name)"] =
                    [
                        "description": flag.description,
                        "default": flag.defaultValue,
                        "oneOf": [
                            ["type": "boolean"],
                            [
                                "type": "object", "additionalProperties": false, "required": ["percent"],
                                "properties": ["percent": ["type": "integer", "minimum": 0, "maximum": 100]],
                            ] as [String: Any],
                            [
                                "type": "object", "additionalProperties": false, "required": ["users"],
                                "properties": ["users": ["type": "array", "items": ["type": "string"]]],
                            ] as [String: Any],
                        ],
                    ] as [String: Any]
            }
        }
        return [
            "description": "Feature flags: `<module>.<flag>: true`, `false`, `{percent: 25}` or `{users: [emails]}`",
            "type": "object", "additionalProperties": false, "properties": properties,
        ]
    }
}
