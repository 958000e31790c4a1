import Foundation

/// The bodies the sandbox answers with, shaped like the real API's: the fields the contract names
/// and many of the others it sends (identifiers, nulls, figures the app does not show).
enum SandboxAnswers {
    struct Problem: Encodable, Sendable {
        struct ValidationError: Encodable, Sendable {
            var name: String
            var message: String
        }

        var name: String
        var message: String
        var validationErrors: [ValidationError]
    }

    struct Login: Encodable, Sendable {
        struct User: Encodable, Sendable {
            var userId: String
            var hasVerifiedEmail = true
            var isPinSet = true
            var amlStatus = "Passed"
            var amlAttempts = 1
            var roundUpMode = "Off"
            var jisaRegistrationStatus = "Unknown"
            var directDebitMandateStatus = "Active"
            var firstName: String
            var lastName: String
            var email: String
            var mobileNumber: String
            var referralCode = "M9JRDN"
            var animal = "Ostrich"
            var cohort = 1
            var registrationStatus: String? = nil
        }

        struct Session: Encodable, Sendable {
            var bearerToken: String
            var externalSessionId: String
            var sessionExternalId: String
            var expiryInSeconds = 0
        }

        var user: User
        var session: Session
        var actionMessage: String? = nil
        var informationMessage: String? = nil
    }

    struct Products: Encodable, Sendable {
        struct ProductResponse: Encodable, Sendable {
            struct Product: Encodable, Sendable {
                var id: Int
                var name: String
                var categoryType: String
                var type: String
                var friendlyName: String
                var canWithdraw = false
                var productHexCode = "30B5F0"
                var annualLimit: Decimal = 20_000
                var depositLimit: Decimal = 20_000
                var minimumWeeklyDeposit: Decimal = 1
                var maximumWeeklyDeposit: Decimal = 1_000
                var state = "Available"
                var interestRate: String? = nil
                var logoUrl: String? = nil
            }

            struct InvestorAccount: Encodable, Sendable {
                var contributionsNet: Decimal
                var earningsNet: Decimal
                var earningsAsPercentage: Decimal
                var todaysInterest: Decimal? = nil
            }

            var id: Int
            var assetBoxGlobalId: String
            var planValue: Decimal
            var moneybox: Decimal
            var subscriptionAmount: Decimal = 0
            var totalFees: Decimal = 0
            var isSelected = false
            var isFavourite = false
            var collectionDayMessage = "Your next collection is on Monday"
            var isCashBox = false
            var pendingInstantBankTransferAmount: Decimal = 0
            var product: Product
            var investorAccount: InvestorAccount
            var personalisedQuoteUrl: String? = nil
            var state = "Active"
        }

        var moneyboxEndOfTaxYear = "2027-04-05T00:00:00"
        var totalPlanValue: Decimal
        var totalEarnings: Decimal
        var totalContributionsNet: Decimal
        var totalEarningsAsPercentage: Decimal
        var productResponses: [ProductResponse]
        var accounts: [String] = []
    }

    struct Payment: Encodable, Sendable {
        var moneybox: Decimal
    }
}
