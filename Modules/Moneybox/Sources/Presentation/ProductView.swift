import AtriumSDK

/// A product's figures, how the last payment went, and "Add £10".
struct ProductView: SceneView {
    let accounts: Route<NoParameters>
    let pay: Route<PaymentAddress>

    func screen(for state: ProductState) -> Screen {
        var content: [UINode] = []
        if let message = state.message { content.append(.message(message)) }
        content += [
            MoneyboxModule.figure("Plan value", state.product.planValue),
            MoneyboxModule.figure("Moneybox", state.product.moneybox),
            .button(Button("Add £10", action: pay(PaymentAddress(id: state.product.id, key: state.paymentKey)))),
            .link(Link("Back to accounts", to: accounts())),
        ]
        return Screen(title: state.product.name, content: content)
    }
}
