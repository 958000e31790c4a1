import Foundation

/// The session's cookies in the `--store` folder, so that a terminal client started again is the
/// same visitor (and the pages and actions kept for them stay theirs). Readable by its owner alone.
struct CookieFile: Sendable {
    let url: URL

    func read() -> [String: String]? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode([String: String].self, from: data)
    }

    func write(_ cookies: [String: String]) {
        guard let data = try? JSONEncoder().encode(cookies), (try? data.write(to: url, options: .atomic)) != nil else { return }
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }
}
