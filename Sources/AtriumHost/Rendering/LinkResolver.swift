import AtriumSDK

/// Turns a scene's route-name links into paths before any renderer sees the tree. A link to a name
/// nothing binds, or to a path that is not on this site, is left out; an image source that is not
/// a local path or an http(s) URL becomes the placeholder.
struct LinkResolver: Sendable {
    let path: @Sendable (RouteName, [String: String]) -> String?

    func resolve(_ screen: Screen) -> Screen {
        var resolved = screen
        resolved.toolbar = screen.toolbar.compactMap(resolve)
        resolved.content = screen.content.compactMap(resolve)
        return resolved
    }

    func resolve(_ target: LinkTarget) -> LinkTarget? {
        switch target {
        case .route(let name, let parameters):
            return path(name, parameters).map(LinkTarget.path)
        case .path(let path):
            return LocalPath.validated(path).map(LinkTarget.path)
        }
    }

    func resolve(_ node: UINode) -> UINode? {
        switch node {
        case .section(var section):
            section.content = section.content.compactMap(resolve)
            return .section(section)
        case .row(var row):
            row.content = row.content.compactMap(resolve)
            return .row(row)
        case .list(var list):
            list.content = list.content.compactMap(resolve)
            return .list(list)
        case .card(var card):
            card.target = card.target.flatMap(resolve)
            card.content = card.content.compactMap(resolve)
            return .card(card)
        case .form(var form):
            guard let action = resolve(form.action) else { return nil }
            form.action = action
            form.liveValidation = form.liveValidation.flatMap(resolve)
            form.content = form.content.compactMap(resolve)
            return .form(form)
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
            if let source = image.source, !Self.isAllowedImageSource(source) { image.source = nil }
            return .image(image)
        default:
            return node
        }
    }

    static func isAllowedImageSource(_ source: String) -> Bool {
        LocalPath.validated(source) != nil || source.hasPrefix("https://") || source.hasPrefix("http://")
    }
}
