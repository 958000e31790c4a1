import AtriumSDK
import Foundation

/// One product's page and its "Add £10": each form carries a one-time key, so the same form sent
/// twice pays once and shows the same result, and the moneybox it was made on, so a form made on a
/// moneybox that has changed since (another tab, another device, a payment waiting offline) adds
/// nothing and shows the moneybox as it is.
struct ProductScene: Scene {
    /// One product's page: its figures, the one-time key of its "Add £10" form, and how the last
    /// payment went. Never kept by the host's page cache: every page carries a fresh key.
    struct State: Sendable {
        var product: Product
        var paymentKey: String
        var message: Message?
    }

    enum Action: Sendable {
        case addMoney(PaymentAddress)
    }

    static let id = "product"
    static let title: Wording = "Account"
    static let page = Route.page("/moneybox/accounts/{id}", parameters: ProductAddress.self)
    static let pay = Route.action("/moneybox/accounts/{id}/payments/{key}", parameters: PaymentAddress.self)
    static var routes: [SceneRoute<Self>] { [.page(page), .action(pay, Action.addMoney)] }

    let account: MoneyboxAccount
    let random: any RandomSource
    var view: ProductView { ProductView() }

    func load(_ context: SceneContext) async throws -> SceneState<State> {
        let address = try context.parameters(ProductAddress.self)
        let portfolio: Portfolio
        do {
            portfolio = try await account.portfolio().1
        } catch is MoneyboxAccount.NotSignedIn {
            return .redirect(MoneyboxSignInScene.page())
        } catch let error as MoneyboxError {
            if case .sessionExpired = error { return .redirect(MoneyboxSignInScene.page()) }
            context.logger.notice("moneybox product unavailable", metadata: ["error": "\(error.logged)"])
            return .failed(error.message)
        }
        guard let product = portfolio.product(id: address.id) else { return .missing("You have no Moneybox account with this number.") }
        var message: Message?
        if let key = address.paid, Self.isKey(key), let claim = try await account.payment(key: key), claim.productID == product.id {
            message = Self.message(for: claim)
        }
        return .loaded(State(product: product, paymentKey: random.token(bytes: 16), message: message))
    }

    func perform(_ action: Action, context: SceneContext) async throws -> ActionOutcome<State> {
        switch action {
        case .addMoney(let address):
            guard Self.isKey(address.key) else { return .missing("This form has expired. Please open the account again.") }
            do {
                // The same form sent again is the same payment, whatever changed since; a new one
                // is made on the moneybox the person saw, or not at all.
                if context.basis != nil, try await account.payment(key: address.key) == nil {
                    guard let product = try await account.portfolio().1.product(id: address.id) else {
                        return .missing("You have no Moneybox account with this number.")
                    }
                    if context.isOutdated(by: Self.basis(of: product)) {
                        return .changed(
                            State(product: product, paymentKey: random.token(bytes: 16), message: nil),
                            because:
                                "Your moneybox changed to \(Amounts.pounds(product.moneybox)) since this page was shown, so nothing was added. Add £10 again if you still want to."
                        )
                    }
                }
                // Whatever it led to, the product's page says it (Post/Redirect/Get: a reload sends nothing).
                _ = try await account.addMoney(toProduct: address.id, key: address.key)
                return .navigate(Self.page(ProductAddress(id: address.id, paid: address.key)))
            } catch is MoneyboxAccount.NotSignedIn {
                return .navigate(MoneyboxSignInScene.page())
            } catch let error as MoneyboxError {
                switch error {
                case .sessionExpired: return .navigate(MoneyboxSignInScene.page())
                case .timedOut, .unreadable: return .navigate(Self.page(ProductAddress(id: address.id, paid: address.key)))
                case .refused(status: 404, _):
                    // The API knows no such account: the address is wrong, not the service down.
                    return .missing(error.message)
                case .refused, .unreachable:
                    context.logger.notice("moneybox payment refused", metadata: ["error": "\(error.logged)"])
                    return .unavailable(error.message)
                }
            }
        }
    }

    /// What "Add £10" is made on: the moneybox the page shows.
    static func basis(of product: Product) -> ActionBasis {
        ActionBasis("moneybox", "\(product.moneybox)")
    }

    static func message(for claim: PaymentClaim) -> Message {
        switch claim.stage {
        case .done:
            // Amounts as parts: each language writes them its way (10,00 £).
            let moneybox = Amounts.pounds(claim.moneybox ?? 0)
            return Message("Added \(Amounts.pounds(MoneyboxAccount.paymentAmount)). Your moneybox is now \(moneybox).", kind: .success)
        case .pending:
            return Message("Your payment is still being processed. Reload this page in a moment.", kind: .info)
        case .unknown:
            return Message(
                "Moneybox did not answer in time, so this payment may or may not have been made. Check the figures below before adding more.",
                kind: .warning)
        }
    }

    /// A key as ``RandomSource/token(bytes:)`` makes them: URL-safe base64, 16 to 64 characters.
    static func isKey(_ text: String) -> Bool {
        (16...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }
}
