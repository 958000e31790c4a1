import AtriumSDK

/// The defaults of a configuration section: the section's type at `init()`, encoded, as a tree the
/// decoder falls back on for every key the file and the environment leave out. So each default is
/// declared once, as the property's initial value.
enum ConfigurationDefaults {
    static func tree<Section: ModuleConfiguration>(of type: Section.Type) -> ConfigurationTree {
        (try? ConfigurationTreeEncoder.tree(of: Section())) ?? .mapping([])
    }
}
