import AtriumSDK

/// The `pilot` section.
public struct PilotConfiguration: ModuleConfiguration {
    /// The licenses file in the original format, read and checked at boot.
    public var licensesFile = "Configuration/pilot-licenses.json"

    public static let settingDescriptions = [
        "licensesFile": "The pilot licenses ({\"pilot-licenses\": [{\"type\", \"aircrafts\"}]}), read and checked at boot"
    ]

    public init() {}
}
