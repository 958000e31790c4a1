import AtriumSDK

/// The ledger's page: each entry on a line, and a form to add one with the version's fields.
struct LedgerView: SceneView {
    /// The form's text fields, by name, after `title` and `amount`.
    let fields: [String]

    func screen(for lines: [String]) -> Screen {
        let inputs = (["title", "amount"] + fields).map { UINode.field(Field(name: $0, label: .verbatim($0))) }
        return Screen(
            title: "Ledger",
            content: [
                .list(ItemList(title: "Entries", content: lines.map { .text(Text(verbatim: $0)) })),
                .form(Form(action: .path("/ledger"), content: inputs + [.button(Button("Add"))])),
            ])
    }
}
