@_spi(AtriumHost) import AtriumSDK
import Foundation

/// `storage.path`: the SQLite file every module's records and the sessions live in.
public struct StorageSettings: ModuleConfiguration, Equatable {
    public var path = ".atrium/atrium.sqlite"

    public init() {}
    public init(path: String) { self.path = path }

    public func problems() -> [SettingProblem] {
        path.isEmpty ? [SettingProblem(key: "path", message: "is empty", fix: "write a file path such as .atrium/atrium.sqlite")] : []
    }

    /// What would stop the database from opening at `path`, found before serving: a folder where
    /// the file should be, or a place this user cannot write. `origin` names where it was set.
    func problem(origin: ConfigurationSource.Origin?) -> ConfigurationProblem? {
        let setBy: String =
            switch origin {
            case .environment(let variable): " (the environment sets \(variable))"
            default: ""
            }
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue {
                return ConfigurationProblem(
                    key: "storage.path", message: "'\(path)' is a folder\(setBy)",
                    fix: "name a database file, such as \((path as NSString).appendingPathComponent("atrium.sqlite"))")
            }
            guard files.isWritableFile(atPath: path) else {
                return ConfigurationProblem(
                    key: "storage.path", message: "'\(path)' cannot be written by this user\(setBy)",
                    fix: "give this user write access to it, or name another file")
            }
            return nil
        }
        // The file does not exist yet: the nearest existing folder above it must be writable.
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while !files.fileExists(atPath: folder.path, isDirectory: &isFolder) && folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        guard isFolder.boolValue else {
            return ConfigurationProblem(
                key: "storage.path", message: "'\(folder.path)' in '\(path)' is a file, not a folder\(setBy)", fix: "name a path inside a folder")
        }
        guard files.isWritableFile(atPath: folder.path) else {
            return ConfigurationProblem(
                key: "storage.path", message: "the database cannot be created in '\(folder.path)'\(setBy): this user cannot write there",
                fix: "name a file in a folder this user can write, such as .atrium/atrium.sqlite")
        }
        return nil
    }
}
