@_spi(AtriumHost) import AtriumSDK
import Foundation
import Mustache

/// Renders a screen as a semantic, accessible HTML page. Every value goes through Mustache's
/// escaping (text and attribute values alike); the templates live in `Resources/templates`.
public struct HTMLRenderer: Sendable {
    private let library: MustacheLibrary

    public init() throws {
        func template(_ name: String, joiningLines: Bool) throws -> MustacheTemplate {
            guard let url = Bundle.module.url(forResource: name, withExtension: "mustache", subdirectory: "Resources/templates") else {
                throw RendererError.missingResource(name)
            }
            var text = try String(contentsOf: url, encoding: .utf8)
            if joiningLines { text = text.replacingOccurrences(of: "\n", with: "") }
            return try MustacheTemplate(string: text)
        }
        library = MustacheLibrary(templates: [
            "page": try template("page", joiningLines: false),
            "node": try template("node", joiningLines: true),
        ])
    }

    /// The page for a screen whose links are already resolved to paths. `csrfToken` goes into every
    /// form; pass nil only for screens without forms.
    public func render(_ screen: Screen, csrfToken: String?) -> String {
        var builder = HTMLContextBuilder(csrfToken: csrfToken ?? "")
        let context: [String: Any] = [
            "title": screen.title,
            "refresh": screen.refreshAfterSeconds.map { String($0) } ?? false,
            "hasToolbar": !screen.toolbar.isEmpty,
            "toolbar": screen.toolbar.map { builder.context(for: $0) },
            "content": screen.content.map { builder.context(for: $0) },
        ]
        return library.render(context, withTemplate: "page") ?? ""
    }
}
