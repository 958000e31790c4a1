import AtriumSDK
import Foundation

/// The Moneybox API's bodies, as the contract spells them. Only what the screens use is decoded;
/// the many other fields the API sends are ignored.
enum MoneyboxWire {
    static let appID = "8cb2237d0679ca88db6464"
    static let appVersion = "7.10.0"
    static let apiVersion = "3.0.0"
    /// The headers every call carries, as the contract requires them (the sandbox refuses a call
    /// without them, as the API does).
    static let headers = [
        EndpointContract.Header("AppId", value: appID), EndpointContract.Header("appVersion"), EndpointContract.Header("apiVersion"),
    ]
    /// What the sign-in takes (the sandbox refuses anything else with its validation errors).
    static let loginRules = [
        "Email": EndpointContract.TextRule(minLength: 1, maxLength: 254, needsNonSpace: true),
        "Password": EndpointContract.TextRule(minLength: 1, maxLength: 128),
    ]
    /// The header naming one payment, so an API that honours it pays once however often it is sent
    /// (the IETF's Idempotency-Key header; the sandbox honours it).
    static let idempotencyKey = "Idempotency-Key"

    /// The API spells its keys in PascalCase ("FirstName"); the wire types' properties are
    /// camelCase, and these coders convert between the two.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .custom { path in
            WireKey(path.last.map { $0.stringValue.prefix(1).uppercased() + $0.stringValue.dropFirst() } ?? "")
        }
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .custom { path in
            WireKey(path.last.map { $0.stringValue.prefix(1).lowercased() + $0.stringValue.dropFirst() } ?? "")
        }
        return decoder
    }

    struct WireKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(_ text: String) { stringValue = text }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct LoginRequest: Codable, Sendable {
        var email: String
        var password: String
        var idfa: String
    }

    struct LoginResponse: Codable, Sendable {
        struct User: Codable, Sendable {
            var firstName: String
            var lastName: String
        }

        struct Session: Codable, Sendable {
            var bearerToken: String
        }

        var user: User
        var session: Session
    }

    struct ProductsResponse: Codable, Sendable {
        struct ProductResponse: Codable, Sendable {
            struct Product: Codable, Sendable {
                var name: String?
                var friendlyName: String?
            }

            var id: Int
            var planValue: Decimal
            var moneybox: Decimal
            var product: Product?
        }

        var totalPlanValue: Decimal
        var productResponses: [ProductResponse]
    }

    struct PaymentRequest: Codable, Sendable {
        var amount: Decimal
        var investorProductId: Int
    }

    struct PaymentResponse: Codable, Sendable {
        var moneybox: Decimal
    }

    /// The body of every non-2xx answer.
    struct ErrorResponse: Codable, Sendable {
        struct ValidationError: Codable, Sendable {
            var name: String?
            var message: String?
        }

        var name: String?
        var message: String?
        var validationErrors: [ValidationError]?
    }
}
