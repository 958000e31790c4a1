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

    /// The link (or card) titled `title`, and where it leads.
    public func link(titled title: String) -> Link? {
        nodes.lazy.compactMap { if case .link(let link) = $0, link.title == title { link } else { nil } }.first
    }

    /// The button titled `title`.
    public func button(titled title: String) -> Button? {
        nodes.lazy.compactMap { if case .button(let button) = $0, button.title == title { button } else { nil } }.first
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
    public func shows(_ text: String) -> Bool { texts.contains(text) || messages.contains { $0.text == text } }
}
