import AtriumSDK
import Foundation

/// The `cookbook` section: where recipes and pictures come from, and the settings button.
public struct CookbookConfiguration: ModuleConfiguration {
    public enum Source: String, Codable, Sendable, CaseIterable { case embedded, remote }
    public enum ImageProvider: String, Codable, Sendable, CaseIterable { case embedded, pixabay, none }

    public struct Images: Codable, Sendable {
        /// `embedded` (tiles drawn for the embedded data), `pixabay` (needs `key`) or `none`.
        public var provider = ImageProvider.embedded
        /// The image search key (a secret: never logged).
        public var key: String?
        public var baseURL = "https://pixabay.com/api/"
    }

    /// `embedded` (the data shipped with the module) or `remote` (`recipesURL` and `ingredientsURL`).
    public var source = Source.embedded
    public var recipesURL: String?
    public var ingredientsURL: String?
    public var images = Images()
    /// Where the toolbar's settings button leads; no button when unset.
    public var settingsRoute: RouteName?
    /// How long one request to the recipe service may take.
    public var timeoutSeconds = 10
    /// How long a remote load (and its index) is kept before the service is asked again.
    public var refreshSeconds = 300

    public static let settingDescriptions = [
        "source": "embedded (the data shipped with the module) or remote (recipesURL and ingredientsURL)",
        "recipesURL": "With remote: a JSON array of {\"name\", \"ingredients\"}",
        "ingredientsURL": "With remote: a JSON array of ingredient names",
        "images.provider": "embedded (tiles drawn for the embedded data), pixabay (needs images.key) or none",
        "images.key": "The image search key (a secret: never logged)",
        "images.baseURL": "The image search API",
        "settingsRoute": "Where the toolbar's settings button leads (a route name); no button when unset",
        "timeoutSeconds": "How long one request to the recipe service may take (1 to 300)",
        "refreshSeconds": "How long a remote load is kept before the service is asked again (0 to 604800)",
    ]

    public init() {}

    public func problems() -> [SettingProblem] {
        var problems: [SettingProblem] = []
        if source == .remote {
            for (key, url) in [("recipesURL", recipesURL), ("ingredientsURL", ingredientsURL)] where url == nil {
                problems.append(
                    SettingProblem(
                        key: key, message: "is missing",
                        fix: "source: remote needs it, such as https://example.com/\(key == "recipesURL" ? "recipes" : "ingredients")"))
            }
        }
        for (key, url) in [("recipesURL", recipesURL), ("ingredientsURL", ingredientsURL), ("images.baseURL", images.baseURL)] {
            if let url, !WebAddress.isValid(url) {
                problems.append(
                    SettingProblem(key: key, message: "'\(url)' is not an http(s) address", fix: "write one such as https://example.com/recipes"))
            }
        }
        if images.provider == .pixabay && (images.key ?? "").isEmpty {
            problems.append(SettingProblem(key: "images.key", message: "is missing", fix: "provider: pixabay needs the image search key"))
        }
        if !(1...300).contains(timeoutSeconds) {
            problems.append(SettingProblem(key: "timeoutSeconds", message: "must be from 1 to 300 seconds", fix: "use a number such as 10"))
        }
        if !(0...604_800).contains(refreshSeconds) {
            problems.append(
                SettingProblem(key: "refreshSeconds", message: "must be from 0 to 604800 seconds (a week)", fix: "use a number such as 300"))
        }
        return problems
    }
}
