import AtriumSDK
import Foundation

struct NotesView: SceneView {
    let settingsRoute: RouteName?
    let hostileText: String?

    func screen(for state: NotesScene.State) -> Screen {
        var content: [UINode] = [
            .text(Text(verbatim: state.greeting)),
            .list(ItemList(title: "Your notes", content: state.notes.map { .card(Card(content: [.text(Text(verbatim: $0.text))])) })),
            .form(
                Form(
                    action: NotesScene.add(),
                    content: [
                        .field(Field(name: "text", label: "New note", value: state.draft, error: state.error.map(Wording.init(verbatim:)))),
                        .toggle(Toggle(name: "pinned", label: "Pinned", isOn: false)),
                        .button(Button("Add")),
                    ]
                )
            ),
        ]
        if let hostileText {
            content += [
                .heading(Heading(verbatim: hostileText)),
                .image(Image(source: "https://img.example/a.png?q=\"><b>", alt: .verbatim(hostileText))),
                .image(Image(source: "/assets/x.png?\(hostileText)", alt: .verbatim(hostileText))),
                .field(Field(name: "hostile", label: .verbatim(hostileText), value: hostileText, placeholder: .verbatim(hostileText))),
                .link(Link(.verbatim(hostileText), to: .path("/notes?q=\(hostileText)"))),
                .money(Money(minorUnits: 1023, currency: "GBP")),
            ]
        }
        let toolbar: [UINode] = settingsRoute.map { [.link(Link("Settings", to: .named($0), style: .icon))] } ?? []
        return Screen(title: "Notes", toolbar: toolbar, content: content)
    }
}
