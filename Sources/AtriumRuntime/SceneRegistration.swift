import AtriumSDK

/// A scene as the host sees it.
package struct SceneRegistration: Sendable {
    /// `<module id>.<scene id>`.
    package let id: String
    package let title: Wording
    /// Listed on the home page as the module's way in.
    package let isEntry: Bool
    /// The scene's type, as `Module.TypeName`; worked out when asked (describing a type at boot
    /// looks up its conformances).
    package var typeName: String { name() }
    let name: @Sendable () -> String

    /// Where the scene's source lives, by the SDK's convention: `Modules/<Module>/Sources/Scenes/<Name>/`
    /// for `<Name>Scene` (or `<Name>`) in the module `<Module>`.
    package var folder: String {
        let parts = typeName.split(separator: ".")
        guard parts.count >= 2 else { return "" }
        let type = parts[parts.count - 1]
        let name = type.hasSuffix("Scene") && type.count > 5 ? type.dropLast(5) : type
        return "Modules/\(parts[0])/Sources/Scenes/\(name)/"
    }
}
