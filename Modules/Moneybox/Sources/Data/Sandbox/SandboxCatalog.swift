import Foundation

/// The sandbox's data: the original app's test user and two products with realistic figures.
enum SandboxCatalog {
    struct User: Sendable {
        var email: String
        var password: String
        var firstName: String
        var lastName: String
        var userID: String
        var mobileNumber: String
    }

    struct ProductFigures: Sendable {
        var id: Int
        var productID: Int
        var name: String
        var friendlyName: String
        var type: String
        var categoryType: String
        var planValue: Decimal
        var moneybox: Decimal
        var contributions: Decimal
    }

    static let users = [
        User(
            email: "test+ios@moneyboxapp.com", password: "P455word12", firstName: "Michael", lastName: "Jordan",
            userID: "b1f4f1a2-3c7e-4f0e-9d7a-6f3e2c1d0b9a", mobileNumber: "07700900123")
    ]

    static let products = [
        ProductFigures(
            id: 8043, productID: 3, name: "Stocks and Shares ISA", friendlyName: "Stocks & Shares ISA", type: "Isa",
            categoryType: "Investment", planValue: Decimal(string: "2958.16")!, moneybox: Decimal(string: "30.00")!,
            contributions: Decimal(string: "2750.00")!),
        ProductFigures(
            id: 8044, productID: 2, name: "Lifetime ISA", friendlyName: "Lifetime ISA", type: "Lisa", categoryType: "Investment",
            planValue: Decimal(string: "2693.80")!, moneybox: Decimal(string: "0.00")!, contributions: Decimal(string: "2500.00")!),
    ]

    /// The most one payment may add (a year's ISA allowance).
    static let largestPayment: Decimal = 20_000
}
