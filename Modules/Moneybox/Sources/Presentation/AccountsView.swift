import AtriumSDK

/// "Hello <FirstName> <LastName>", the total plan value, and a card per product leading to it.
struct AccountsView: SceneView {
    let product: Route<ProductAddress>
    let signOut: Route<NoParameters>

    func screen(for state: AccountsState) -> Screen {
        Screen(
            title: "Accounts",
            content: [
                .heading(Heading("Hello \(state.investor.fullName)")),
                MoneyboxModule.figure("Total plan value", state.portfolio.totalPlanValue),
                .list(
                    ItemList(
                        title: "Your accounts",
                        content: state.portfolio.products.map { item in
                            .card(
                                Card(
                                    target: product(ProductAddress(id: item.id)),
                                    content: [
                                        .heading(Heading(item.name, level: 3)),
                                        MoneyboxModule.figure("Plan value", item.planValue),
                                        MoneyboxModule.figure("Moneybox", item.moneybox),
                                    ]))
                        })),
                .button(Button("Sign out of Moneybox", style: .secondary, action: signOut())),
            ]
        )
    }
}
