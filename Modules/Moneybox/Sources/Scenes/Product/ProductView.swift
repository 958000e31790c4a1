import AtriumSDK

/// A product's figures, how the last payment went, and "Add £10".
struct ProductView: SceneView {
    func screen(for state: ProductScene.State) -> Screen {
        var content: [UINode] = []
        if let message = state.message { content.append(.message(message)) }
        content += [
            Amounts.figure("Plan value", state.product.planValue),
            Amounts.figure("Moneybox", state.product.moneybox),
            .button(
                Button(
                    "Add £10", action: ProductScene.pay(PaymentAddress(id: state.product.id, key: state.paymentKey)),
                    basis: ProductScene.basis(of: state.product))),
            .link(Link("Back to accounts", to: AccountsScene.page())),
        ]
        return Screen(title: .verbatim(state.product.name), content: content)
    }
}
