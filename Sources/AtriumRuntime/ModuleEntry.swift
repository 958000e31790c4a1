import AtriumConfiguration
@_spi(AtriumHost) import AtriumSDK
import Logging

/// A module type from the catalog, with its configuration decoding and registration made callable
/// without knowing its concrete type.
package struct ModuleEntry: Sendable {
    package let type: any AtriumModule.Type

    package init(_ type: any AtriumModule.Type) { self.type = type }

    package var manifest: ModuleManifest { type.manifest }

    func decodeConfiguration(
        from source: ConfigurationSource,
        routeReferences: RouteReferenceLog
    ) throws(ConfigurationError) -> any Sendable {
        try type.decodeSection(from: source, routeReferences: routeReferences)
    }

    func register(in registrar: any ModuleRegistrar, configuration: any Sendable) async throws {
        try await type.register(in: registrar, erasedConfiguration: configuration)
    }

    /// The JSON Schema of the module's section (see ``ConfigurationSchema``).
    func configurationSchema() -> [String: Any] { type.configurationSchema() }

    /// The module's settings, flattened to dotted keys with their types, defaults and descriptions.
    package var settings: [ConfigurationSchema.Setting] { type.configurationSettings() }
}

extension AtriumModule {
    fileprivate static func decodeSection(
        from source: ConfigurationSource,
        routeReferences: RouteReferenceLog
    ) throws(ConfigurationError) -> any Sendable {
        try ConfigurationDecoder().decode(Configuration.self, section: manifest.id, from: source, routeReferences: routeReferences)
    }

    fileprivate static func configurationSchema() -> [String: Any] {
        ConfigurationSchema.section(Configuration.self, description: "The \(manifest.title) module's settings")
    }

    fileprivate static func configurationSettings() -> [ConfigurationSchema.Setting] {
        ConfigurationSchema.settings(Configuration.self)
    }

    fileprivate static func register(in registrar: any ModuleRegistrar, erasedConfiguration: any Sendable) async throws {
        guard let configuration = erasedConfiguration as? Configuration else {
            preconditionFailure("configuration of \(manifest.id) decoded as the wrong type")
        }
        try await Self().register(in: registrar, configuration: configuration)
    }
}
