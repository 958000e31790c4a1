import AtriumRendering
import AtriumRuntime
@_spi(AtriumHost) import AtriumSDK
import Foundation
import Logging

/// Turns a scene's links into paths before any renderer sees the tree: another module's page by
/// its name, `returnTo` queries, and only paths on this site. A name the rendering module did not
/// declare (in its manifest's `links`, or chosen by its configuration, both checked at boot) is a
/// programming mistake: the element is left out and an error logged, never silently; an image
/// source that is not a local path or an http(s) URL becomes the placeholder.
package struct LinkResolver: Sendable {
    let registry: HostRegistry

    /// Resolves links for screens of `moduleID` (nil: the host's own screens).
    func resolve(_ screen: Screen, for moduleID: String?, logger: Logger) -> Screen {
        let scope = Scope(resolver: self, allowed: moduleID.map { registry.linkableNames(of: $0) } ?? [], moduleID: moduleID, logger: logger)
        var resolved = screen
        resolved.toolbar = screen.toolbar.compactMap(scope.resolve)
        resolved.content = screen.content.compactMap(scope.resolve)
        return resolved
    }

    /// A redirect's target as a local path, or nil.
    package func path(of target: LinkTarget, for moduleID: String?, logger: Logger) -> String? {
        let scope = Scope(resolver: self, allowed: moduleID.map { registry.linkableNames(of: $0) } ?? [], moduleID: moduleID, logger: logger)
        switch scope.resolve(target) {
        case .path(let path): return path
        case .external(let url): return url
        default: return nil
        }
    }

    struct Scope {
        let resolver: LinkResolver
        let allowed: Set<RouteName>
        let moduleID: String?
        let logger: Logger

        func resolve(_ target: LinkTarget) -> LinkTarget? {
            switch target {
            case .path(let path):
                return LocalPath.validated(path).map(LinkTarget.path)
            case .named(let name):
                guard moduleID == nil || allowed.contains(name) else {
                    logger.error(
                        "link left out: the module does not declare the route name in its manifest's links",
                        metadata: ["module": "\(moduleID ?? "host")", "route": "\(name)"])
                    return nil
                }
                guard let path = resolver.registry.pagePath(for: name) else {
                    logger.error("link left out: no page is bound to the route name", metadata: ["route": "\(name)"])
                    return nil
                }
                return .path(path)
            case .external(let url):
                guard WebAddress.isValid(url) else {
                    logger.error("redirect left out: not an http(s) address", metadata: ["module": "\(moduleID ?? "host")"])
                    return nil
                }
                return .external(url)
            case .returning(let link, let destination):
                guard case .path(let path) = resolve(link) else { return nil }
                guard case .path(let back) = resolve(destination) else { return .path(path) }
                return .path(path + (path.contains("?") ? "&" : "?") + String(QueryText.encode([("returnTo", back)]).dropFirst()))
            }
        }

        /// `node` with its links (and those of the nodes inside it) as paths; nil when the node
        /// is nothing without a link that was left out (a form's action, a link, an action button,
        /// tabs with no tab left).
        func resolve(_ node: UINode) -> UINode? {
            let resolved: UINode
            switch node {
            case .card(var card):
                card.target = card.target.flatMap(resolve)
                resolved = .card(card)
            case .form(var form):
                guard let action = resolve(form.action) else { return nil }
                form.action = action
                form.liveValidation = form.liveValidation.flatMap(resolve)
                resolved = .form(form)
            case .tabs(var tabs):
                tabs.items = tabs.items.compactMap { item in
                    resolve(item.target).map { Tabs.Tab(title: item.title, target: $0, isSelected: item.isSelected) }
                }
                return tabs.items.isEmpty ? nil : .tabs(tabs)
            case .link(var link):
                guard let target = resolve(link.target) else { return nil }
                link.target = target
                return .link(link)
            case .button(var button):
                guard let action = button.action else { return node }
                guard let target = resolve(action) else { return nil }
                button.action = target
                return .button(button)
            case .image(var image):
                if let source = image.source, !LinkResolver.isAllowedImageSource(source) { image.source = nil }
                return .image(image)
            default:
                resolved = node
            }
            return resolved.replacingChildren { $0.compactMap(resolve) }
        }
    }

    static func isAllowedImageSource(_ source: String) -> Bool {
        LocalPath.validated(source) != nil || source.hasPrefix("https://") || source.hasPrefix("http://")
    }

    package init(registry: HostRegistry) {
        self.registry = registry
    }
}
