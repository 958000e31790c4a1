import Foundation
import Synchronization

/// Which action routes the scene tests exercised: with `ATRIUM_SCENE_COVERAGE` naming a file, each
/// ``SceneTest/submit(_:form:sourceLocation:)`` appends `METHOD pattern` to it, and
/// `.ci/check-scene-coverage.py` fails on an action route `atrium describe` lists that no scene
/// test submitted.
enum SceneCoverage {
    private static let file: Mutex<FileHandle?> = Mutex(
        ProcessInfo.processInfo.environment["ATRIUM_SCENE_COVERAGE"].flatMap { path -> FileHandle? in
            if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
            let handle = FileHandle(forWritingAtPath: path)
            _ = try? handle?.seekToEnd()
            return handle
        })

    static func note(method: String, pattern: String) {
        file.withLock { handle in
            _ = try? handle?.seekToEnd()
            try? handle?.write(contentsOf: Data("\(method) \(pattern)\n".utf8))
        }
    }
}
