import AtriumSDK
import Foundation

/// The profile's details, each row "Not set" until filled in, and the latest charges (date, what,
/// amount).
struct ProfileDetailsView: SceneView {
    func screen(for state: ProfileDetailsScene.State) -> Screen {
        let account = state.account
        func row(_ label: Wording, _ value: String) -> UINode {
            .section(Section(content: [.text(Text(label, style: .caption)), .text(value.isEmpty ? Text("Not set") : Text(verbatim: value))]))
        }
        return Screen(
            title: "Profile details",
            content: [
                .progress(ProgressBar(value: account.completion, label: "Profile completion")),
                .list(
                    ItemList(content: [
                        row("Given name", account.givenName), row("Family name", account.familyName), row("Nick name", account.nickname),
                        row("Email", account.email),
                    ])
                ),
                .link(Link("Complete your profile", to: ProfileDetailsEditScene.page(), style: .button)),
                charges(state.charges.latest),
                .link(Link("Back to profile", to: ProfileScene.page())),
            ]
        )
    }

    private func charges(_ charges: [Charge]) -> UINode {
        guard !charges.isEmpty else { return .section(Section(title: "Charges", content: [.text(Text("No charges yet"))])) }
        return .section(
            Section(
                title: "Charges",
                content: [
                    .list(
                        ItemList(
                            content: charges.map { charge in
                                .section(
                                    Section(content: [
                                        .text(Text("\(charge.date, date: .abbreviated, time: .shortened) UTC", style: .caption)),
                                        .text(Text(charge.wording)), .money(charge.amount),
                                    ]))
                            }))
                ]))
    }
}
