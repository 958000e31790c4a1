@_spi(AtriumHost) import AtriumSDK

/// The versions of the scene document native clients decode (the JSON rendering): each kind of
/// node belongs to the version it appeared in, and a client that declares an older version
/// (`Accept: application/json; schema=1`) gets each newer node replaced by its fallback, made of
/// nodes its version knows, so an app already in people's pockets always gets a usable screen.
/// A client that declares nothing, or a version newer than the host's, gets the current one.
///
/// - Version 1: every kind but the map.
/// - Version 2: the map (``UINode/map(_:)``), which falls back to a list of its places.
/// - Version 3: the document's `locale`, the language its words are in (``hasLocale(_:)``); no
///   node changed.
/// - Version 4: a form's and an action button's `basis`, what the action was made on
///   (``ActionBasis``), for the client to send back as `_basis` (``hasBasis(_:)``); an older
///   client gets none, sends none, and its actions apply as they did.
package enum SceneSchema {
    /// The version this host writes when asked for nothing older.
    package static let current = 4
    /// The oldest version this host still answers.
    package static let oldest = 1

    /// The version a kind of node appeared in.
    package static func version(of kind: UINode.Kind) -> Int {
        switch kind {
        case .map: 2
        case .section, .heading, .text, .image, .row, .list, .card, .tabs, .form, .field, .picker, .toggle, .button, .link, .money, .progress,
            .message, .animation:
            1
        }
    }

    /// Whether a document of `version` says the language its words are in (`locale`).
    package static func hasLocale(_ version: Int) -> Bool { version >= 3 }

    /// Whether a document of `version` says what each form and action button was made on (`basis`).
    package static func hasBasis(_ version: Int) -> Bool { version >= 4 }

    /// The version answered to a client that declared `declared` (nil: none).
    package static func answered(to declared: Int?) -> Int {
        guard let declared else { return current }
        return min(max(declared, oldest), current)
    }

    /// `screen` as a client of `version` can decode it: every node newer than `version` replaced by
    /// its fallback, inside containers too, and what a node has that `version` lacks (a form's
    /// `basis`) left out. The screen itself when nothing in it is newer.
    package static func screen(_ screen: Screen, for version: Int) -> Screen {
        guard version < current, (screen.content + screen.toolbar).contains(where: { isNewer($0, than: version) }) else { return screen }
        var older = screen
        older.content = nodes(screen.content, for: version)
        older.toolbar = nodes(screen.toolbar, for: version)
        return older
    }

    private static func isNewer(_ node: UINode, than version: Int) -> Bool {
        Self.version(of: node.kind) > version || (!hasBasis(version) && basis(of: node) != nil)
            || node.children.contains { isNewer($0, than: version) }
    }

    private static func basis(of node: UINode) -> ActionBasis? {
        switch node {
        case .form(let form): form.basis
        case .button(let button): button.basis
        default: nil
        }
    }

    private static func nodes(_ nodes: [UINode], for version: Int) -> [UINode] {
        nodes.flatMap { node -> [UINode] in
            guard Self.version(of: node.kind) <= version else { return Self.nodes(fallback(of: node), for: version) }
            var older = node.replacingChildren { Self.nodes($0, for: version) }
            if !hasBasis(version) {
                switch older {
                case .form(var form):
                    form.basis = nil
                    older = .form(form)
                case .button(var button):
                    button.basis = nil
                    older = .button(button)
                default: break
                }
            }
            return [older]
        }
    }

    /// What a kind of node falls back to, in words (the published schema says it).
    package static func fallbackDescription(of kind: UINode.Kind) -> String {
        switch kind {
        case .map: "a list (its title the map's) of its places' titles, as text"
        case .section, .heading, .text, .image, .row, .list, .card, .tabs, .form, .field, .picker, .toggle, .button, .link, .money, .progress,
            .message, .animation:
            "none needed: every version has it"
        }
    }

    /// What stands for a node of a newer version: nodes of older versions, ending in text and
    /// links. A map is the list of its places, titled as the map is.
    package static func fallback(of node: UINode) -> [UINode] {
        switch node {
        case .map(let map):
            [.list(ItemList(title: map.title, content: map.markers.map { .text(Text(verbatim: $0.title.text)) }))]
        default:
            [node]
        }
    }
}
