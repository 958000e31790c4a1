import AtriumSDK

/// Typed questions about a screen, for scene tests: the tree, not its HTML.
extension Screen {
    /// Every node of the screen (toolbar, then content), depth first.
    public var nodes: [UINode] {
        func flattened(_ nodes: [UINode]) -> [UINode] { nodes.flatMap { [$0] + flattened($0.children) } }
        return flattened(toolbar + content)
    }

    /// The field named `name`.
    public func field(named name: String) -> Field? {
        nodes.lazy.compactMap { if case .field(let field) = $0, field.name == name { field } else { nil } }.first
    }

    /// The picker named `name`.
    public func picker(named name: String) -> Picker? {
        nodes.lazy.compactMap { if case .picker(let picker) = $0, picker.name == name { picker } else { nil } }.first
    }

    /// The switch named `name` (its `value` told apart when several share a name).
    public func toggle(named name: String, value: String? = nil) -> Toggle? {
        nodes.lazy.compactMap { node in
            if case .toggle(let toggle) = node, toggle.name == name, value == nil || toggle.value == value { toggle } else { nil }
        }.first
    }

    /// The progress bars shown, in order.
    public var progressBars: [ProgressBar] { nodes.compactMap { if case .progress(let bar) = $0 { bar } else { nil } } }

    /// The amounts of money shown, in order.
    public var amounts: [Money] { nodes.compactMap { if case .money(let money) = $0 { money } else { nil } } }

    /// The images shown, in order.
    public var images: [Image] { nodes.compactMap { if case .image(let image) = $0 { image } else { nil } } }

    /// The link (or card) titled `title`, and where it leads.
    public func link(titled title: String) -> Link? {
        nodes.lazy.compactMap { if case .link(let link) = $0, link.title.text == title { link } else { nil } }.first
    }

    /// The button titled `title`.
    public func button(titled title: String) -> Button? {
        nodes.lazy.compactMap { if case .button(let button) = $0, button.title.text == title { button } else { nil } }.first
    }

    /// The form that posts to `target`.
    public func form(posting target: LinkTarget) -> Form? {
        nodes.lazy.compactMap { if case .form(let form) = $0, form.action == target { form } else { nil } }.first
    }

    /// The messages shown, in order.
    public var messages: [Message] { nodes.compactMap { if case .message(let message) = $0 { message } else { nil } } }

    /// The texts and headings shown, in order.
    public var texts: [String] {
        nodes.compactMap { node in
            switch node {
            case .text(let text): text.text
            case .heading(let heading): heading.text
            default: nil
            }
        }
    }

    /// Whether any text, heading or message says exactly `text`.
    public func shows(_ text: String) -> Bool { texts.contains(text) || messages.contains { $0.text.text == text } }

    /// The titles of the sections, lists, rows and maps shown, in order.
    public var titles: [String] {
        nodes.compactMap { node in
            switch node {
            case .section(let section): section.title?.text
            case .list(let list): list.title?.text
            case .row(let row): row.title?.text
            case .map(let map): map.title.text
            default: nil
            }
        }
    }

    /// Whether any text, heading, title, message or field error contains `fragment`.
    public func mentions(_ fragment: String) -> Bool {
        (texts + titles + messages.map(\.text.text)).contains { $0.contains(fragment) }
            || nodes.contains { if case .field(let field) = $0 { field.error?.text.contains(fragment) == true } else { false } }
    }

    /// The maps shown, in order.
    public var maps: [Map] { nodes.compactMap { if case .map(let map) = $0 { map } else { nil } } }

    /// The tabs of the tab bar, if there is one.
    public var tabs: [Tabs.Tab] { nodes.lazy.compactMap { if case .tabs(let tabs) = $0 { tabs.items } else { nil } }.first ?? [] }
}
