import Foundation

/// A feature module: the unit the host boots from configuration.
///
/// A module declares who it is and what it needs in ``manifest``, reads its configuration section as
/// a `Decodable` type, and adds its scenes (built with the use cases they need) in one registration
/// call.
/// It never imports another module: it meets them through capabilities and route names.
public protocol AtriumModule: Sendable {
    /// The module's section of the configuration file, each default declared once.
    associatedtype Configuration: ModuleConfiguration = EmptyConfiguration

    /// Who the module is and what it requires and provides.
    static var manifest: ModuleManifest { get }

    /// The module's translations: `Localizable.translations`, compiled from `Localizable.xcstrings`
    /// in its `Resources` folder when the module is built (see ``ModuleTranslations`` and
    /// "Translating a module"). Nil, the default: the module's wording shows as written, in every
    /// language.
    static var translations: ModuleTranslations? { get }

    /// Makes the module; the host calls it once at boot, before ``register(in:configuration:)``.
    init()

    /// Adds the module's scenes, endpoints and capabilities. Called once at boot, after every module
    /// this one requires has registered.
    func register(in registrar: any ModuleRegistrar, configuration: Configuration) async throws
}

extension AtriumModule {
    /// No translations: the module's wording shows as written.
    public static var translations: ModuleTranslations? { nil }
}
