import AtriumSDK

/// The `ledger` section: which version of the module the host serves (see ``LedgerVersions``).
public struct LedgerConfiguration: ModuleConfiguration {
    public var version = 1

    public init() {}

    public func problems() -> [SettingProblem] {
        !LedgerVersions.versions.contains(version)
            ? [SettingProblem(key: "version", message: "is \(version); this build holds versions 1 and 2", fix: "write `version: 1` or `version: 2`")]
            : []
    }

    public static var settingDescriptions: [String: String] { ["version": "Which version of the ledger this host serves: 1 or 2."] }
}
