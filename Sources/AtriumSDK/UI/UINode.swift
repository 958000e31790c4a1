/// One element of the declarative UI vocabulary. The host renders the same tree as HTML, as JSON
/// (each node an object with a `type`) and as text. New kinds of node go here, never into a module.
public indirect enum UINode: Sendable, Equatable {
    /// A group of nodes under an optional title.
    case section(Section)
    /// A heading.
    case heading(Heading)
    /// A paragraph of wording or data.
    case text(Text)
    /// A picture, or a placeholder where there is none.
    case image(Image)
    /// Nodes side by side, scrolling sideways on a narrow screen.
    case row(Row)
    /// A list of items under an optional title.
    case list(ItemList)
    /// A tappable card leading to a route.
    case card(Card)
    /// A tab bar.
    case tabs(Tabs)
    /// A form that posts to an action route.
    case form(Form)
    /// A text input of a form.
    case field(Field)
    /// A choice among options, in a form.
    case picker(Picker)
    /// An on/off switch, in a form.
    case toggle(Toggle)
    /// A button: a form's submit, or an action of its own.
    case button(Button)
    /// A link to a route.
    case link(Link)
    /// An amount of money.
    case money(Money)
    /// A progress bar.
    case progress(ProgressBar)
    /// A message to the person: information, success, a warning or an error.
    case message(Message)
    /// A map with markers.
    case map(Map)
    /// A named animation, described for those who cannot see it.
    case animation(Animation)

    /// The kinds of node, as JSON names them: adding a node means a case here too, and the
    /// compiler then asks every renderer and the JSON coding for it.
    @_spi(AtriumHost)
    public enum Kind: String, Sendable, CaseIterable {
        case section, heading, text, image, row, list, card, tabs, form, field, picker, toggle, button, link, money, progress, message, map,
            animation
    }

    /// The kind of this node.
    @_spi(AtriumHost)
    public var kind: Kind {
        switch self {
        case .section: .section
        case .heading: .heading
        case .text: .text
        case .image: .image
        case .row: .row
        case .list: .list
        case .card: .card
        case .tabs: .tabs
        case .form: .form
        case .field: .field
        case .picker: .picker
        case .toggle: .toggle
        case .button: .button
        case .link: .link
        case .money: .money
        case .progress: .progress
        case .message: .message
        case .map: .map
        case .animation: .animation
        }
    }

    /// The `type` this node carries in JSON.
    public var typeName: String { kind.rawValue }

    /// The nodes directly inside this one.
    public var children: [UINode] {
        switch self {
        case .section(let node): node.content
        case .row(let node): node.content
        case .list(let node): node.content
        case .card(let node): node.content
        case .form(let node): node.content
        default: []
        }
    }
}

extension UINode: Codable {
    private enum TypeKey: String, CodingKey { case type }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TypeKey.self)
        let type = try container.decode(String.self, forKey: .type)
        guard let kind = Kind(rawValue: type) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown UI node type '\(type)'")
        }
        switch kind {
        case .section: self = .section(try Section(from: decoder))
        case .heading: self = .heading(try Heading(from: decoder))
        case .text: self = .text(try Text(from: decoder))
        case .image: self = .image(try Image(from: decoder))
        case .row: self = .row(try Row(from: decoder))
        case .list: self = .list(try ItemList(from: decoder))
        case .card: self = .card(try Card(from: decoder))
        case .tabs: self = .tabs(try Tabs(from: decoder))
        case .form: self = .form(try Form(from: decoder))
        case .field: self = .field(try Field(from: decoder))
        case .picker: self = .picker(try Picker(from: decoder))
        case .toggle: self = .toggle(try Toggle(from: decoder))
        case .button: self = .button(try Button(from: decoder))
        case .link: self = .link(try Link(from: decoder))
        case .money: self = .money(try Money(from: decoder))
        case .progress: self = .progress(try ProgressBar(from: decoder))
        case .message: self = .message(try Message(from: decoder))
        case .map: self = .map(try Map(from: decoder))
        case .animation: self = .animation(try Animation(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TypeKey.self)
        try container.encode(typeName, forKey: .type)
        switch self {
        case .section(let node): try node.encode(to: encoder)
        case .heading(let node): try node.encode(to: encoder)
        case .text(let node): try node.encode(to: encoder)
        case .image(let node): try node.encode(to: encoder)
        case .row(let node): try node.encode(to: encoder)
        case .list(let node): try node.encode(to: encoder)
        case .card(let node): try node.encode(to: encoder)
        case .tabs(let node): try node.encode(to: encoder)
        case .form(let node): try node.encode(to: encoder)
        case .field(let node): try node.encode(to: encoder)
        case .picker(let node): try node.encode(to: encoder)
        case .toggle(let node): try node.encode(to: encoder)
        case .button(let node): try node.encode(to: encoder)
        case .link(let node): try node.encode(to: encoder)
        case .money(let node): try node.encode(to: encoder)
        case .progress(let node): try node.encode(to: encoder)
        case .message(let node): try node.encode(to: encoder)
        case .map(let node): try node.encode(to: encoder)
        case .animation(let node): try node.encode(to: encoder)
        }
    }
}
