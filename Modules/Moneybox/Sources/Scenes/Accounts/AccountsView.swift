import AtriumSDK

/// "Hello <FirstName> <LastName>", the total plan value, and a card per product leading to it.
struct AccountsView: SceneView {
    func screen(for state: AccountsScene.State) -> Screen {
        Screen(
            title: "Accounts",
            content: [
                .heading(Heading("Hello \(state.investor.fullName)")),
                Amounts.figure("Total plan value", state.portfolio.totalPlanValue),
                .list(
                    ItemList(
                        title: "Your accounts",
                        content: state.portfolio.products.map { item in
                            .card(
                                Card(
                                    target: ProductScene.page(ProductAddress(id: item.id)),
                                    content: [
                                        .heading(Heading(verbatim: item.name, level: 3)),
                                        Amounts.figure("Plan value", item.planValue),
                                        Amounts.figure("Moneybox", item.moneybox),
                                    ]))
                        })),
                .button(Button("Sign out of Moneybox", style: .secondary, action: AccountsScene.signOut())),
            ]
        )
    }
}
