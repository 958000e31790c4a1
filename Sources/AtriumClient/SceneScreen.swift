/// One screen: its title, the toolbar's nodes and the content's nodes.
public struct SceneScreen: Sendable, Equatable, Decodable {
    /// The screen's title.
    public var title: String
    /// Nodes shown in the toolbar (a sign-out button, a link back).
    public var toolbar: [SceneNode]
    /// The screen's content, top to bottom.
    public var content: [SceneNode]
    /// When set, the screen asks to be loaded again after this many seconds (a ride's clock).
    public var refreshAfterSeconds: Int?

    /// A screen of `content`.
    public init(title: String, toolbar: [SceneNode] = [], content: [SceneNode], refreshAfterSeconds: Int? = nil) {
        self.title = title
        self.toolbar = toolbar
        self.content = content
        self.refreshAfterSeconds = refreshAfterSeconds
    }

    /// Every node of the screen, toolbar first, each followed by the nodes inside it.
    public var allNodes: [SceneNode] {
        (toolbar + content).flatMap { [$0] + $0.descendants }
    }
}

extension SceneScreen {
    /// The screen's forms, in order.
    public var forms: [SceneNode.Form] {
        allNodes.compactMap { if case .form(let form) = $0 { form } else { nil } }
    }

    /// The screen's buttons, in order.
    public var buttons: [SceneNode.Button] {
        allNodes.compactMap { if case .button(let button) = $0 { button } else { nil } }
    }

    /// Where the screen's links, cards and tabs lead, with their titles, in order.
    public var links: [(title: String, target: SceneTarget)] {
        allNodes.flatMap { node -> [(title: String, target: SceneTarget)] in
            switch node {
            case .link(let link): [(link.title, link.target)]
            case .card(let card): card.target.map { [(card.title, $0)] } ?? []
            case .tabs(let tabs): tabs.items.map { ($0.title, $0.target) }
            default: []
            }
        }
    }

    /// The first button titled `title` (or labelled so for assistive technology).
    public func button(titled title: String) -> SceneNode.Button? {
        buttons.first { $0.title == title || $0.accessibilityLabel == title }
    }

    /// The first form with an input named `name`.
    public func form(withInput name: String) -> SceneNode.Form? {
        forms.first { $0.inputNames.contains(name) }
    }

    /// Every text the screen shows (headings, texts, messages, labels, titles), in order: what a
    /// screen reader would read, without the structure.
    public var texts: [String] {
        [title]
            + allNodes.flatMap { node -> [String] in
                switch node {
                case .section(let section): section.title.map { [$0] } ?? []
                case .heading(let heading): [heading.text]
                case .text(let text): [text.text]
                case .row(let row): row.title.map { [$0] } ?? []
                case .list(let list): list.title.map { [$0] } ?? []
                case .tabs(let tabs): tabs.items.map(\.title)
                case .field(let field): [field.label] + (field.error.map { [$0] } ?? [])
                case .picker(let picker): [picker.label] + (picker.error.map { [$0] } ?? [])
                case .toggle(let toggle): [toggle.label]
                case .button(let button): [button.title]
                case .link(let link): [link.title]
                case .money(let money): [money.formatted()]
                case .progress(let progress): [progress.label]
                case .message(let message): [message.text]
                case .map(let map): [map.title] + map.markers.map(\.title)
                case .animation(let animation): [animation.label]
                case .image(let image): image.alt.isEmpty ? [] : [image.alt]
                case .card, .form, .unknown: []
                }
            }
    }

    /// Whether any text of the screen contains `text`.
    public func mentions(_ text: String) -> Bool { texts.contains { $0.contains(text) } }
}
