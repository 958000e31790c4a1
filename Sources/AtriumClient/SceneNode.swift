/// One node of a screen's tree. Decoding never fails on a kind this kit does not know: a host
/// answers the kit's declared schema version (``SceneDocument/schema-swift.type.property``), so such a node only comes
/// from a host that ignores the declaration, and it is kept as ``unknown(_:)`` with the text and
/// links found inside it, for a screen that still says something.
public indirect enum SceneNode: Sendable, Equatable, Decodable {
    case section(Section)
    case heading(Heading)
    case text(Text)
    case image(Image)
    case row(Row)
    case list(ItemList)
    case card(Card)
    case tabs(Tabs)
    case form(Form)
    case field(Field)
    case picker(Picker)
    case toggle(Toggle)
    case button(Button)
    case link(Link)
    case money(Money)
    case progress(ProgressBar)
    case message(Message)
    case map(Map)
    case animation(Animation)
    case unknown(Unknown)

    private enum CodingKeys: String, CodingKey { case type }

    public init(from decoder: any Decoder) throws {
        let type = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .type)
        switch type {
        case "section": self = .section(try Section(from: decoder))
        case "heading": self = .heading(try Heading(from: decoder))
        case "text": self = .text(try Text(from: decoder))
        case "image": self = .image(try Image(from: decoder))
        case "row": self = .row(try Row(from: decoder))
        case "list": self = .list(try ItemList(from: decoder))
        case "card": self = .card(try Card(from: decoder))
        case "tabs": self = .tabs(try Tabs(from: decoder))
        case "form": self = .form(try Form(from: decoder))
        case "field": self = .field(try Field(from: decoder))
        case "picker": self = .picker(try Picker(from: decoder))
        case "toggle": self = .toggle(try Toggle(from: decoder))
        case "button": self = .button(try Button(from: decoder))
        case "link": self = .link(try Link(from: decoder))
        case "money": self = .money(try Money(from: decoder))
        case "progress": self = .progress(try ProgressBar(from: decoder))
        case "message": self = .message(try Message(from: decoder))
        case "map": self = .map(try Map(from: decoder))
        case "animation": self = .animation(try Animation(from: decoder))
        default: self = .unknown(try Unknown(type: type, from: decoder))
        }
    }

    /// The nodes directly inside this one.
    public var children: [SceneNode] {
        switch self {
        case .section(let section): section.content
        case .row(let row): row.content
        case .list(let list): list.content
        case .card(let card): card.content
        case .form(let form): form.content
        case .unknown(let unknown): unknown.content
        case .heading, .text, .image, .tabs, .field, .picker, .toggle, .button, .link, .money, .progress, .message, .map, .animation: []
        }
    }

    /// Every node inside this one, depth first.
    public var descendants: [SceneNode] {
        children.flatMap { [$0] + $0.descendants }
    }
}
